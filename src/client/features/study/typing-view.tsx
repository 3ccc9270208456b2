import { useEffect, useId, useRef } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { SessionEvent, TypingState } from './session-machine';
import { SourceSentence } from './source-sentence';

const MAX_ANSWER_CHARS = 5_000;

/**
 * One typed answer: the student writes, submits (Enter; Shift+Enter for a new line), then sees
 * the model answer beside theirs before the next question.
 */
export function TypingView({
  state,
  send,
}: {
  state: TypingState;
  send: (event: SessionEvent) => void;
}) {
  const card = state.cards[state.index]!;
  const last = state.index + 1 === state.cards.length;
  const fieldId = useId();
  const answerRef = useRef<HTMLTextAreaElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    (state.reviewing ? nextRef : answerRef).current?.focus();
  }, [state.reviewing, state.index]);

  const nextLabel = last ? 'Finish' : 'Next Question';
  return (
    <Card className="flex flex-col gap-5">
      <p className="text-xl font-semibold leading-relaxed md:text-2xl">{card.question}</p>
      {state.detailed && (
        <Alert tone="info">Please give a detailed answer in sentence format.</Alert>
      )}
      {!state.reviewing ? (
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'submit', now: Date.now() });
          }}
        >
          <label htmlFor={fieldId} className="text-sm font-semibold">
            Your answer
          </label>
          <textarea
            id={fieldId}
            ref={answerRef}
            value={state.draft}
            maxLength={MAX_ANSWER_CHARS}
            rows={6}
            onChange={(event) => send({ type: 'draft', text: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                send({ type: 'submit', now: Date.now() });
              }
            }}
            className="w-full rounded-[var(--radius-control)] border border-white/20 bg-white/5 px-3 py-2 text-ink placeholder:text-ink-muted"
            placeholder="Type your answer. Enter submits, Shift+Enter starts a new line."
          />
          <div className="flex justify-end">
            <Button type="submit">Submit Answer</Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-4" aria-live="polite">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
              Your answer
            </p>
            <p className="mt-1 whitespace-pre-wrap">
              {state.answers[state.index] || <em className="text-ink-muted">No answer</em>}
            </p>
          </div>
          <div className="rounded-[var(--radius-control)] border border-success/60 bg-success/10 px-4 py-3">
            <p className="text-sm font-semibold uppercase tracking-wide text-success">
              Model answer
            </p>
            <p className="mt-1 leading-relaxed">{card.answer}</p>
            <SourceSentence sentence={card.sourceSentence} />
          </div>
          <div className="flex justify-end">
            <Button ref={nextRef} onClick={() => send({ type: 'next', now: Date.now() })}>
              {nextLabel}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
