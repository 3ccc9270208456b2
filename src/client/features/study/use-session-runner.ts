import { useEffect, useReducer, useState } from 'react';
import type { StartedSession } from '#shared/contracts/study';
import {
  initialState,
  type SessionEvent,
  sessionReducer,
  type SessionState,
} from './session-machine';

const TICK_MS = 200;

/**
 * Runs one started session: the state machine plus a clock that ticks while it runs. `now` is
 * kept in state so the timer re-renders; the machine itself only ever sees explicit times.
 */
export function useSessionRunner(session: StartedSession) {
  const [state, dispatch] = useReducer(sessionReducer, session, (started): SessionState =>
    initialState(started, Date.now()),
  );
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (state.done) return;
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      dispatch({ type: 'tick', now: time });
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [state.done]);

  const send = (event: SessionEvent) => dispatch(event);
  return { state, now, send };
}

/** True when a key press belongs to a text field, not to the page's shortcuts. */
export function isTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  return (
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLInputElement ||
    target?.isContentEditable === true
  );
}
