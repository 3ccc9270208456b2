import { Clock } from 'lucide-react';

/** m:ss, rounded up, so the display reaches 0:00 exactly when the time is up. */
export function formatClock(milliseconds: number): string {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A countdown. Amber in its last `warnBelowMs`. Screen readers get the label, not every second
 * (role timer is not announced on change).
 */
export function Timer({
  milliseconds,
  label,
  warnBelowMs = 5_000,
}: {
  milliseconds: number;
  label: string;
  warnBelowMs?: number;
}) {
  const warning = milliseconds <= warnBelowMs;
  return (
    <span
      role="timer"
      aria-label={`${label}: ${formatClock(milliseconds)}`}
      className={`inline-flex items-center gap-1.5 font-semibold tabular-nums ${warning ? 'text-warning' : 'text-ink'}`}
    >
      <Clock className="h-4 w-4" aria-hidden="true" />
      {formatClock(milliseconds)}
    </span>
  );
}
