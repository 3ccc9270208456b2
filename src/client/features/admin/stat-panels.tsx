import { useQuery } from '@tanstack/react-query';
import {
  Award,
  BadgeCheck,
  CalendarDays,
  CircleCheck,
  CircleX,
  DollarSign,
  Landmark,
  TrendingUp,
  Users,
} from 'lucide-react';
import { formatCents } from '#shared/contracts/admin';
import { StatCard } from '../../components/ui/stat-card';
import { cardsQuery, examTypesQuery, resultsQuery, revenueQuery } from './admin-api';
import {
  formatCompactDollars,
  formatCount,
  formatPercent,
  niceCeiling,
  passRate,
  ringSegments,
  shares,
  ticks,
} from './figures';
import { LoadError, QueryPanel } from './query-panel';

/** The four cards at the top: total users, active subscriptions, monthly and total revenue. */
export function AdminStatCards() {
  const cards = useQuery(cardsQuery);
  const figures = cards.data;
  const value = (format: () => string) => (figures ? format() : '–');
  return (
    <section
      aria-label="Summary figures"
      aria-busy={cards.isPending}
      className="flex flex-col gap-3"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard
          icon={Users}
          label="Total Users"
          value={value(() => formatCount(figures!.totalUsers))}
        />
        <StatCard
          icon={BadgeCheck}
          label="Active Subscriptions"
          value={value(() => formatCount(figures!.activeSubscriptions))}
        />
        <StatCard
          icon={CalendarDays}
          label="Monthly Revenue"
          value={value(() => formatCents(figures!.monthlyRevenueCents))}
        />
        <StatCard
          icon={DollarSign}
          label="Total Revenue"
          value={value(() => formatCents(figures!.totalRevenueCents))}
        />
      </div>
      {cards.isPending && <span className="sr-only">Loading the summary figures...</span>}
      {cards.isError && (
        <LoadError
          error={cards.error}
          fallback="Could not load the summary figures. Please try again."
          onRetry={() => void cards.refetch()}
        />
      )}
    </section>
  );
}

const revenueLabels = ['Monthly', 'Quarterly', 'Annual', 'Total'] as const;
/** The columns' labels in a narrow chart (the full names are right above it, and in its label). */
const shortRevenueLabels = ['1 mo', '3 mo', '12 mo', 'All'] as const;

/** Revenue in the last 1, 3 and 12 months and in all time: the figures, then columns. */
export function RevenuePanel() {
  const revenue = useQuery(revenueQuery);
  return (
    <QueryPanel
      title="Revenue Breakdown"
      icon={TrendingUp}
      query={revenue}
      loadingLabel="Loading revenue..."
      errorMessage="Could not load the revenue breakdown. Please try again."
    >
      {(data) => {
        const values = [data.monthlyCents, data.quarterlyCents, data.annualCents, data.totalCents];
        // With no revenue yet the axis still reads $0 to $100, over empty columns.
        const top = niceCeiling(Math.max(...values)) || 10_000;
        const heights = shares(values, top);
        const axis = ticks(top).reverse();
        const summary = revenueLabels
          .map((label, index) => `${label} ${formatCents(values[index]!)}`)
          .join(', ');
        return (
          <>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
              {revenueLabels.map((label, index) => (
                <div key={label} className="min-w-0">
                  <dt className="text-sm text-ink-muted">{label}</dt>
                  <dd className="text-lg font-semibold tabular-nums [overflow-wrap:anywhere]">
                    {formatCents(values[index]!)}
                  </dd>
                </div>
              ))}
            </dl>
            <div
              role="img"
              aria-label={`Revenue chart: ${summary}.`}
              className="@container flex gap-2"
            >
              <div className="flex h-40 flex-col justify-between text-right text-xs text-ink-muted tabular-nums">
                {axis.map((tick) => (
                  <span key={tick} className="-my-2 leading-4">
                    {formatCompactDollars(tick)}
                  </span>
                ))}
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div className="relative h-40 border-b border-l border-white/30">
                  {axis.slice(0, -1).map((tick, index) => (
                    <div
                      key={tick}
                      className="absolute inset-x-0 border-t border-dashed border-white/10"
                      style={{ top: `${(index / (axis.length - 1)) * 100}%` }}
                    />
                  ))}
                  <div className="absolute inset-0 grid grid-cols-4 items-end gap-3 px-2">
                    {heights.map((share, index) => (
                      <div
                        key={revenueLabels[index]}
                        className="accent-gradient rounded-t-md"
                        style={{ height: `${share * 100}%`, minHeight: share > 0 ? 2 : 0 }}
                      />
                    ))}
                  </div>
                </div>
                <div className="grid grid-cols-4 gap-3 px-2 text-center text-xs text-ink-muted">
                  {revenueLabels.map((label, index) => (
                    <span key={label}>
                      <span className="hidden @sm:inline">{label}</span>
                      <span className="@sm:hidden">{shortRevenueLabels[index]}</span>
                    </span>
                  ))}
                </div>
              </div>
            </div>
          </>
        );
      }}
    </QueryPanel>
  );
}

/** A circle whose circumference is 100, so arc lengths are percents. */
const RING_RADIUS = 100 / (2 * Math.PI);

/** Reported passes and fails: the counts and pass rate, and a ring. */
export function ResultsPanel() {
  const results = useQuery(resultsQuery);
  return (
    <QueryPanel
      title="Pass / Fail"
      icon={Award}
      query={results}
      loadingLabel="Loading results..."
      errorMessage="Could not load the pass / fail counts. Please try again."
    >
      {(counts) => {
        const rate = passRate(counts);
        const ring = ringSegments(counts, 100);
        const rateText = rate === null ? 'No results yet' : formatPercent(rate);
        const label =
          rate === null
            ? 'Pass / fail chart: no results reported yet.'
            : `Pass / fail chart: ${formatCount(counts.pass)} passed (${formatPercent(rate)}), ${formatCount(counts.fail)} failed (${formatPercent(100 - rate)}).`;
        return (
          <div className="flex flex-wrap items-center gap-6">
            <div role="img" aria-label={label} className="relative h-36 w-36 shrink-0">
              <svg viewBox="0 0 36 36" className="h-full w-full -rotate-90">
                <circle
                  cx="18"
                  cy="18"
                  r={RING_RADIUS}
                  fill="none"
                  strokeWidth="4"
                  className="stroke-white/10"
                />
                {ring.pass > 0 && (
                  <circle
                    cx="18"
                    cy="18"
                    r={RING_RADIUS}
                    fill="none"
                    strokeWidth="4"
                    strokeDasharray={`${ring.pass} ${100 - ring.pass}`}
                    className="stroke-success"
                  />
                )}
                {ring.fail > 0 && (
                  <circle
                    cx="18"
                    cy="18"
                    r={RING_RADIUS}
                    fill="none"
                    strokeWidth="4"
                    strokeDasharray={`${ring.fail} ${100 - ring.fail}`}
                    strokeDashoffset={-ring.pass}
                    className="stroke-danger"
                  />
                )}
              </svg>
              <span className="absolute inset-0 flex flex-col items-center justify-center text-center">
                <span className="text-xl font-bold tabular-nums">
                  {rate === null ? '–' : formatPercent(rate)}
                </span>
                <span className="text-xs text-ink-muted">pass rate</span>
              </span>
            </div>
            <dl className="flex min-w-0 flex-col gap-3">
              <div className="flex items-center gap-2">
                <CircleCheck className="h-5 w-5 text-success" aria-hidden="true" />
                <dt className="text-ink-muted">Pass</dt>
                <dd className="ml-auto pl-4 text-lg font-semibold tabular-nums">
                  {formatCount(counts.pass)}
                </dd>
              </div>
              <div className="flex items-center gap-2">
                <CircleX className="h-5 w-5 text-danger" aria-hidden="true" />
                <dt className="text-ink-muted">Fail</dt>
                <dd className="ml-auto pl-4 text-lg font-semibold tabular-nums">
                  {formatCount(counts.fail)}
                </dd>
              </div>
              <div className="flex items-center gap-2 border-t border-white/10 pt-3">
                <dt className="text-ink-muted">Pass rate</dt>
                <dd className="ml-auto pl-4 text-lg font-semibold tabular-nums">{rateText}</dd>
              </div>
            </dl>
          </div>
        );
      }}
    </QueryPanel>
  );
}

/** The five exam types with the most registrations, with bars against the first. */
export function ExamTypesPanel({ className }: { className?: string }) {
  const examTypes = useQuery(examTypesQuery);
  return (
    <QueryPanel
      className={className}
      title="Top 5 Exam Types"
      icon={Landmark}
      query={examTypes}
      loadingLabel="Loading exam types..."
      errorMessage="Could not load the top exam types. Please try again."
    >
      {({ examTypes: top }) => {
        if (top.length === 0) {
          return <p className="text-ink-muted">No registrations yet.</p>;
        }
        const widths = shares(top.map((entry) => entry.registrations));
        return (
          <ol className="flex flex-col gap-4">
            {top.map((entry, index) => (
              <li key={entry.examType} className="flex flex-col gap-1.5">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 break-words font-medium">
                    <span className="mr-2 text-ink-muted tabular-nums">{index + 1}.</span>
                    {entry.examType}
                  </span>
                  <span className="shrink-0 text-sm tabular-nums text-ink-muted">
                    {formatCount(entry.registrations)}{' '}
                    {entry.registrations === 1 ? 'registration' : 'registrations'}
                  </span>
                </div>
                <div
                  className="h-2 w-full overflow-hidden rounded-full bg-white/10"
                  aria-hidden="true"
                >
                  <div
                    className="accent-gradient h-full rounded-full"
                    style={{ width: `${widths[index]! * 100}%` }}
                  />
                </div>
              </li>
            ))}
          </ol>
        );
      }}
    </QueryPanel>
  );
}
