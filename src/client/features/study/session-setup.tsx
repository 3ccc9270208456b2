import { Link } from 'react-router';
import { sessionPlan } from '#shared/contracts/study';
import { DIFFICULTIES, type Difficulty, type StudyMode } from '#shared/enums';
import { paths } from '#shared/routes';
import { PageHeader } from '../../components/layout/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

export const MODE_TITLES: Record<StudyMode, string> = {
  flashcards: 'Flash Cards',
  multiple_choice: 'Multiple Choice',
  typing: 'Typing',
};

const LEVEL_LABELS: Record<Difficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };

/** What a difficulty means in this mode, from the same numbers the session runs on. */
function planLine(mode: StudyMode, level: Difficulty): string {
  const plan = sessionPlan(mode, level);
  const items = mode === 'flashcards' ? 'cards' : 'questions';
  if (plan.totalSeconds !== undefined) {
    return `${plan.items} ${items} · ${Math.round(plan.totalSeconds / 60)} min in all`;
  }
  return `${plan.items} ${items} · ${plan.secondsPerItem} s each`;
}

/** The pre-start screen (spec section 2): choose easy, medium or hard, then Start Session. */
export function SessionSetup({
  mode,
  examType,
  difficulty,
  onDifficulty,
  onStart,
  starting,
  error,
}: {
  mode: StudyMode;
  examType: string;
  difficulty: Difficulty;
  onDifficulty: (level: Difficulty) => void;
  onStart: () => void;
  starting: boolean;
  error?: string;
}) {
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={MODE_TITLES[mode]}>{examType}</PageHeader>
      <Card>
        <form
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            onStart();
          }}
        >
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-3 text-lg font-semibold">Choose a difficulty</legend>
            {DIFFICULTIES.map((level) => (
              <label
                key={level}
                className={`flex cursor-pointer items-center gap-3 rounded-[var(--radius-control)] border px-4 py-3 transition-colors ${
                  difficulty === level
                    ? 'border-accent bg-accent/15'
                    : 'border-white/15 hover:bg-white/10'
                }`}
              >
                <input
                  type="radio"
                  name="difficulty"
                  value={level}
                  checked={difficulty === level}
                  onChange={() => onDifficulty(level)}
                  className="h-4 w-4 accent-[var(--color-accent)]"
                />
                <span className="font-semibold">{LEVEL_LABELS[level]}</span>
                <span className="ml-auto text-sm text-ink-muted">{planLine(mode, level)}</span>
              </label>
            ))}
          </fieldset>
          {error && <Alert tone="error">{error}</Alert>}
          <Button
            type="submit"
            busy={starting}
            busyLabel="Generating questions..."
            className="w-full"
          >
            Start Session
          </Button>
          <Link to={paths.dashboard} className="text-center text-sm text-accent hover:underline">
            Back to Dashboard
          </Link>
        </form>
      </Card>
    </div>
  );
}
