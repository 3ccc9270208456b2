import { CircleCheck, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import type { StudyMode } from '#shared/enums';
import { paths } from '#shared/routes';
import { PageHeader } from '../../components/layout/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { buttonVariants } from '../../components/ui/button-styles';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { formatClock } from '../../components/ui/timer';

/** What the student did, in the mode's own terms: a score, a card count, answers written. */
export function resultLine(mode: StudyMode, score: number, answered: number, total: number) {
  switch (mode) {
    case 'multiple_choice':
      return `You scored ${score} of ${total} (${total > 0 ? Math.round((score / total) * 100) : 0}%).`;
    case 'flashcards':
      return `You reviewed ${score} of ${total} cards.`;
    case 'typing':
      return `You answered ${answered} of ${total} questions.`;
  }
}

/** The end screen (spec section 2): Session Complete, the result, Retest, Back to Dashboard. */
export function SessionComplete({
  mode,
  score,
  answered,
  total,
  save,
  onRetest,
  retesting,
  retestError,
}: {
  mode: StudyMode;
  score: number;
  answered: number;
  total: number;
  save: {
    status: 'pending' | 'success' | 'error' | 'idle';
    timeSpent?: number;
    error?: string;
    retry: () => void;
  };
  onRetest: () => void;
  retesting: boolean;
  retestError?: string;
}) {
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Session Complete" />
      <Card className="flex flex-col items-center gap-5 text-center">
        <CircleCheck className="h-12 w-12 text-success" aria-hidden="true" />
        <p className="text-2xl font-semibold">{resultLine(mode, score, answered, total)}</p>
        <div aria-live="polite" className="w-full">
          {save.status === 'pending' && <Spinner label="Saving your session..." />}
          {save.status === 'success' && (
            <p className="text-sm text-ink-muted">
              Saved to your dashboard
              {save.timeSpent !== undefined &&
                ` · time spent ${formatClock(save.timeSpent * 1000)}`}
              .
            </p>
          )}
          {save.status === 'error' && (
            <div className="flex flex-col items-center gap-3">
              <Alert tone="error">{save.error}</Alert>
              <Button variant="secondary" onClick={save.retry}>
                Try saving again
              </Button>
            </div>
          )}
        </div>
        {retestError && <Alert tone="error">{retestError}</Alert>}
        <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
          <Button onClick={onRetest} busy={retesting} busyLabel="Generating...">
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            Retest
          </Button>
          <Link to={paths.dashboard} className={buttonVariants.secondary}>
            Back to Dashboard
          </Link>
        </div>
      </Card>
    </div>
  );
}
