import type { ResultCounts } from '#shared/contracts/admin';

/** How the admin dashboard writes and draws its figures. Pure, so each rule has a unit test. */

const countFormat = new Intl.NumberFormat('en-US');
const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** 12345 → "12,345". */
export const formatCount = (value: number) => countFormat.format(value);

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** An axis label: 1_250_000 cents → "$12.5K". */
export const formatCompactDollars = (cents: number) => compactDollars.format(cents / 100);

/** 66.666… → "66.7%". */
export const formatPercent = (percent: number) => `${percentFormat.format(percent)}%`;

/** Passes out of all reported results, as a percent; null before any result is reported. */
export function passRate({ pass, fail }: ResultCounts): number | null {
  const reported = pass + fail;
  return reported > 0 ? (pass / reported) * 100 : null;
}

/**
 * The top of a chart's axis: the smallest 1, 2, 2.5 or 5 × 10^k at or above `max`, so the
 * gridlines fall on round figures. 0 (nothing to draw) stays 0.
 */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 0;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    // A small tolerance: floating point must not push an exact 2 × 10^k up to 2.5 × 10^k.
    if (step * magnitude >= max * (1 - 1e-12)) return step * magnitude;
  }
  return 10 * magnitude;
}

/** Each value as a share (0 to 1) of `top`; all 0 when there is nothing to draw. */
export function shares(values: readonly number[], top = Math.max(0, ...values)): number[] {
  return values.map((value) => (top > 0 ? Math.min(1, Math.max(0, value / top)) : 0));
}

/** Evenly spaced axis values from 0 to `top` inclusive (`steps` intervals). */
export function ticks(top: number, steps = 4): number[] {
  if (!(top > 0)) return [0];
  return Array.from({ length: steps + 1 }, (_, index) => (top * index) / steps);
}

/**
 * The two arcs of the pass / fail ring, as stroke-dasharray lengths on a circle of
 * `circumference`: pass from the top clockwise, then fail. Both 0 before any result.
 */
export function ringSegments(counts: ResultCounts, circumference: number) {
  const total = counts.pass + counts.fail;
  if (total <= 0) return { pass: 0, fail: 0 };
  const pass = (counts.pass / total) * circumference;
  return { pass, fail: circumference - pass };
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const momentFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A calendar date as stored ("2027-07-28") → "Jul 28, 2027", the same in every time zone. */
export function formatDay(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dayFormat.format(date);
}

/** A moment (an ISO timestamp) → its date in the admin's own time zone. */
export function formatMomentDate(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : momentFormat.format(date);
}
