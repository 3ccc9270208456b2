import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { useEffect } from 'react';
import { ANSWER_LETTERS, type AnswerLetter } from '#shared/contracts/study-items';
import { Card } from '../../components/ui/card';
import type { MultipleChoiceState, SessionEvent } from './session-machine';
import { isTyping } from './use-session-runner';
import { SourceSentence } from './source-sentence';

const KEY_TO_LETTER: Record<string, AnswerLetter> = {
  a: 'A',
  b: 'B',
  c: 'C',
  d: 'D',
  e: 'E',
  '1': 'A',
  '2': 'B',
  '3': 'C',
  '4': 'D',
  '5': 'E',
};

/**
 * One question, graded the moment it is picked: the options lock, the right one turns green and
 * a wrong pick red (each with an icon and a word, never colour alone), with the explanation.
 */
export function MultipleChoiceView({
  state,
  send,
}: {
  state: MultipleChoiceState;
  send: (event: SessionEvent) => void;
}) {
  const question = state.questions[state.index]!;
  const locked = state.feedbackUntil !== null;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event) || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
      const letter = KEY_TO_LETTER[event.key.toLowerCase()];
      if (letter && !locked) {
        event.preventDefault();
        send({ type: 'pick', letter, now: Date.now() });
      } else if ((event.key === ' ' || event.key === 'Enter') && locked) {
        event.preventDefault();
        send({ type: 'next', now: Date.now() });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [locked, send]);

  const correct = state.picked === question.correctAnswer;
  return (
    <Card className="flex flex-col gap-5">
      <p className="text-xl font-semibold leading-relaxed md:text-2xl">{question.question}</p>
      <ul className="flex flex-col gap-3">
        {question.options.map((option, index) => {
          const letter = ANSWER_LETTERS[index]!;
          const isKey = letter === question.correctAnswer;
          const isPick = letter === state.picked;
          const tone = !locked
            ? 'border-white/15 hover:border-accent hover:bg-white/10'
            : isKey
              ? 'border-success bg-success/15'
              : isPick
                ? 'border-danger bg-danger/15'
                : 'border-white/10 opacity-70';
          return (
            <li key={letter}>
              <button
                type="button"
                disabled={locked}
                aria-keyshortcuts={`${letter} ${index + 1}`}
                onClick={() => send({ type: 'pick', letter, now: Date.now() })}
                className={`flex w-full flex-col items-start gap-1 rounded-[var(--radius-control)] border px-4 py-3 text-left transition-colors disabled:cursor-default sm:flex-row sm:gap-3 ${tone}`}
              >
                <span className="flex-1">{option}</span>
                {locked && isKey && (
                  <span className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-success">
                    <CircleCheck className="h-5 w-5" aria-hidden="true" />
                    Correct answer
                  </span>
                )}
                {locked && isPick && !isKey && (
                  <span className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-danger">
                    <CircleX className="h-5 w-5" aria-hidden="true" />
                    Your pick
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      <div aria-live="polite">
        {locked && (
          <div
            className={`rounded-[var(--radius-control)] border px-4 py-3 ${correct ? 'border-success/60 bg-success/10' : 'border-danger/60 bg-danger/10'}`}
          >
            <p className="flex items-center gap-2 font-semibold">
              {state.timedOut ? (
                <>
                  <Clock className="h-5 w-5 text-warning" aria-hidden="true" />
                  <span>Time’s up</span>
                </>
              ) : correct ? (
                <>
                  <CircleCheck className="h-5 w-5 text-success" aria-hidden="true" />
                  <span>Correct!</span>
                </>
              ) : (
                <>
                  <CircleX className="h-5 w-5 text-danger" aria-hidden="true" />
                  <span>Incorrect</span>
                </>
              )}
            </p>
            <p className="mt-2 text-sm leading-relaxed">{question.explanation}</p>
            <SourceSentence sentence={question.sourceSentence} />
          </div>
        )}
      </div>
      <p className="text-center text-xs text-ink-muted">
        Press A to E (or 1 to 5) to answer; Space moves on.
      </p>
    </Card>
  );
}
