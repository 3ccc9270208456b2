import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { FlashcardsState, SessionEvent } from './session-machine';
import { isTyping } from './use-session-runner';
import { SourceSentence } from './source-sentence';

/** One flash card: the question, Show Answer, then the answer until the next card comes. */
export function FlashcardsView({
  state,
  send,
}: {
  state: FlashcardsState;
  send: (event: SessionEvent) => void;
}) {
  const card = state.cards[state.index]!;
  const revealed = state.revealedAt !== null;
  const last = state.index + 1 === state.cards.length;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' || isTyping(event) || event.repeat) return;
      event.preventDefault();
      send({ type: revealed ? 'next' : 'reveal', now: Date.now() });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [revealed, send]);

  return (
    <Card className="flex min-h-72 flex-col gap-6">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-accent">Question</p>
        <p className="mt-2 text-xl font-semibold leading-relaxed md:text-2xl">{card.question}</p>
      </div>
      <div aria-live="polite">
        {revealed && (
          <div className="border-t border-white/15 pt-5">
            <p className="text-sm font-semibold uppercase tracking-wide text-success">Answer</p>
            <p className="mt-2 text-lg leading-relaxed">{card.answer}</p>
            <SourceSentence sentence={card.sourceSentence} />
          </div>
        )}
      </div>
      <div className="mt-auto flex flex-col gap-3 sm:flex-row sm:justify-end">
        {!revealed && (
          <Button onClick={() => send({ type: 'reveal', now: Date.now() })}>Show Answer</Button>
        )}
        <Button variant="secondary" onClick={() => send({ type: 'next', now: Date.now() })}>
          {last ? 'Finish' : 'Next Card'}
        </Button>
      </div>
      <p className="text-center text-xs text-ink-muted">
        Press Space to show the answer, then again for the next card.
      </p>
    </Card>
  );
}
