import { X } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '#shared/routes';
import { ProgressBar } from '../../components/ui/progress-bar';
import { Timer } from '../../components/ui/timer';

/** Always visible while a session runs: exit, where the student is, and the time left. */
export function SessionTopBar({
  itemLabel,
  position,
  total,
  timeLeftMs,
  timerLabel,
  warnBelowMs,
}: {
  itemLabel: string;
  /** 1-based number of the current item. */
  position: number;
  total: number;
  timeLeftMs: number;
  timerLabel: string;
  warnBelowMs?: number;
}) {
  return (
    <div className="mb-6 mt-6 flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <Link
          to={paths.dashboard}
          className="inline-flex items-center gap-1 rounded-md text-sm text-ink-muted hover:text-ink"
        >
          <X className="h-4 w-4" aria-hidden="true" />
          Exit session
        </Link>
        <span className="text-sm tabular-nums text-ink-muted">
          {itemLabel} {position} of {total}
        </span>
        <Timer milliseconds={timeLeftMs} label={timerLabel} warnBelowMs={warnBelowMs} />
      </div>
      <ProgressBar value={position - 1} max={total} label="Session progress" />
    </div>
  );
}
