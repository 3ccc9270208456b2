import { useEffect, useRef } from 'react';
import type { StartedSession } from '#shared/contracts/study';
import { Alert } from '../../components/ui/alert';
import { FlashcardsView } from './flashcards-view';
import { MultipleChoiceView } from './multiple-choice-view';
import { itemCount, type SessionState, timeLeftMs } from './session-machine';
import { SessionTopBar } from './session-top-bar';
import { TypingView } from './typing-view';
import { useSessionRunner } from './use-session-runner';

/**
 * A running session: the top bar (exit, counter, timer, progress) over the current mode's card.
 * Calls `onDone` once with the final state.
 */
export function SessionRunner({
  session,
  onDone,
}: {
  session: StartedSession;
  onDone: (state: SessionState) => void;
}) {
  const { state, now, send } = useSessionRunner(session);
  const reported = useRef(false);

  useEffect(() => {
    if (state.done && !reported.current) {
      reported.current = true;
      onDone(state);
    }
  }, [state, onDone]);

  if (state.done) return null;
  const total = itemCount(state);
  const itemLabel = state.mode === 'flashcards' ? 'Card' : 'Question';
  return (
    <div className="mx-auto w-full max-w-3xl">
      <SessionTopBar
        itemLabel={itemLabel}
        position={state.index + 1}
        total={total}
        timeLeftMs={timeLeftMs(state, now)}
        timerLabel={state.mode === 'typing' ? 'Time left in this session' : 'Time left'}
        warnBelowMs={state.mode === 'typing' ? 30_000 : 5_000}
      />
      {session.notices.length > 0 && state.index === 0 && (
        <div className="mb-4 flex flex-col gap-2">
          {session.notices.map((notice) => (
            <Alert key={notice} tone="info">
              {notice}
            </Alert>
          ))}
        </div>
      )}
      {state.mode === 'flashcards' && <FlashcardsView state={state} send={send} />}
      {state.mode === 'multiple_choice' && (
        <>
          <p className="mb-3 text-right text-sm tabular-nums text-ink-muted">
            Score: {state.score}
          </p>
          <MultipleChoiceView state={state} send={send} />
        </>
      )}
      {state.mode === 'typing' && <TypingView state={state} send={send} />}
    </div>
  );
}
