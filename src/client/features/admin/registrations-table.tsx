import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  Ban,
  BadgeCheck,
  CalendarX,
  CircleCheck,
  CircleX,
  Clock,
  type LucideIcon,
  TriangleAlert,
} from 'lucide-react';
import { type AdminRegistrationRow, type AdminSortKey, formatCents } from '#shared/contracts/admin';
import type { PaymentStatus, SubscriptionStatus } from '#shared/enums';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { formatDay, formatMomentDate } from './figures';
import { categoryLabel } from './filter-options';
import type { TableState } from './table-query';

type Column = { label: string; sortKey?: AdminSortKey; className?: string };

/** The user table's columns (spec section 2), with the server's sort key where there is one. */
const columns: Column[] = [
  { label: 'User', sortKey: 'name', className: 'w-[22%]' },
  { label: 'Exam Info', sortKey: 'examType', className: 'w-[16%]' },
  { label: 'Location', sortKey: 'state', className: 'w-[15%]' },
  { label: 'Exam Date', sortKey: 'examDate', className: 'w-[14%]' },
  { label: 'Result', className: 'w-[12%]' },
  { label: 'Subscription', className: 'w-[21%]' },
];

const subscriptionBadges: Record<
  SubscriptionStatus,
  { label: string; tone: BadgeTone; icon: LucideIcon }
> = {
  active: { label: 'Active', tone: 'success', icon: BadgeCheck },
  past_due: { label: 'Past due', tone: 'warning', icon: TriangleAlert },
  canceled: { label: 'Canceled', tone: 'neutral', icon: Ban },
  expired: { label: 'Expired', tone: 'neutral', icon: CalendarX },
};

const paymentBadges: Record<PaymentStatus, { label: string; tone: BadgeTone; icon: LucideIcon }> = {
  completed: { label: 'Payment completed', tone: 'success', icon: CircleCheck },
  pending: { label: 'Payment pending', tone: 'warning', icon: Clock },
  failed: { label: 'Payment failed', tone: 'danger', icon: CircleX },
};

function SortHeader({
  column,
  state,
  onSort,
}: {
  column: Column;
  state: TableState;
  onSort: (key: AdminSortKey) => void;
}) {
  const { sortKey } = column;
  const active = sortKey !== undefined && state.sort === sortKey;
  const Icon = !active ? ArrowUpDown : state.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (state.order === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`px-4 py-3 text-left text-sm font-semibold ${column.className ?? ''}`}
    >
      {sortKey ? (
        <button
          type="button"
          onClick={() => onSort(sortKey)}
          className={`-mx-2 inline-flex items-center gap-1.5 whitespace-nowrap rounded-md px-2 py-1 hover:bg-white/10 ${active ? 'text-ink' : 'text-ink-muted'}`}
        >
          {column.label}
          <Icon className="h-4 w-4" aria-hidden="true" />
        </button>
      ) : (
        <span className="whitespace-nowrap text-ink-muted">{column.label}</span>
      )}
    </th>
  );
}

function SubscriptionCell({ row }: { row: AdminRegistrationRow }) {
  if (!row.subscription) {
    const payment = paymentBadges[row.paymentStatus];
    return (
      <Badge tone={payment.tone} icon={payment.icon}>
        {payment.label}
      </Badge>
    );
  }
  const { status, currentPeriodEnd, amountCents } = row.subscription;
  const badge = subscriptionBadges[status];
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge tone={badge.tone} icon={badge.icon}>
        {badge.label}
      </Badge>
      <span className="text-sm text-ink-muted">
        until <time dateTime={currentPeriodEnd}>{formatMomentDate(currentPeriodEnd)}</time>
      </span>
      <span className="text-sm tabular-nums">{formatCents(amountCents)}</span>
    </div>
  );
}

function ResultCell({ row }: { row: AdminRegistrationRow }) {
  if (!row.result) return <span className="text-sm text-ink-muted">Not reported</span>;
  const passed = row.result.result === 'pass';
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge tone={passed ? 'success' : 'danger'} icon={passed ? CircleCheck : CircleX}>
        {passed ? 'Pass' : 'Fail'}
      </Badge>
      <time dateTime={row.result.reportedAt} className="text-sm text-ink-muted">
        {formatMomentDate(row.result.reportedAt)}
      </time>
    </div>
  );
}

/**
 * One page of exam registrations. On a narrow screen the table scrolls sideways inside its own
 * frame (focusable, so the keyboard can scroll it too); the page itself never does.
 */
export function RegistrationsTable({
  rows,
  state,
  onSort,
  busy,
}: {
  rows: AdminRegistrationRow[];
  state: TableState;
  onSort: (key: AdminSortKey) => void;
  busy: boolean;
}) {
  return (
    <div
      role="region"
      aria-label="Users table"
      tabIndex={0}
      className="overflow-x-auto rounded-[var(--radius-control)] border border-white/15"
    >
      <table
        aria-busy={busy || undefined}
        className={`w-full min-w-[1040px] table-fixed border-collapse transition-opacity ${busy ? 'opacity-60' : ''}`}
      >
        <caption className="sr-only">
          Users and their exam registrations. Column headers with buttons sort the table.
        </caption>
        <thead className="bg-white/5">
          <tr className="border-b border-white/15">
            {columns.map((column) => (
              <SortHeader key={column.label} column={column} state={state} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const place = [row.city, row.state].filter(Boolean).join(', ');
            return (
              <tr
                key={row.registrationId}
                className="border-b border-white/10 align-top last:border-b-0 hover:bg-white/5"
              >
                <td className="px-4 py-3">
                  <div className="break-words font-medium">{row.name || '–'}</div>
                  <div className="break-all text-sm text-ink-muted">{row.email}</div>
                </td>
                <td className="px-4 py-3">
                  <div className="break-words">{row.examType}</div>
                  <div className="break-words text-sm text-ink-muted">
                    {categoryLabel(row.examCategory)}
                  </div>
                </td>
                <td className="px-4 py-3">
                  <div className="break-words">{place || '–'}</div>
                  <div className="break-words text-sm text-ink-muted">{row.country}</div>
                </td>
                <td className="px-4 py-3 tabular-nums">
                  <time dateTime={row.examDate}>{formatDay(row.examDate)}</time>
                </td>
                <td className="px-4 py-3">
                  <ResultCell row={row} />
                </td>
                <td className="px-4 py-3">
                  <SubscriptionCell row={row} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
