import { describe, expect, it } from 'vitest';
import {
  formatCompactDollars,
  formatCount,
  formatDay,
  formatMomentDate,
  formatPercent,
  niceCeiling,
  passRate,
  ringSegments,
  shares,
  ticks,
} from './figures';

describe('admin figures', () => {
  it('writes counts with thousands separators and percents with one decimal at most', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
    expect(formatPercent(200 / 3)).toBe('66.7%');
    expect(formatPercent(50)).toBe('50%');
    expect(formatCompactDollars(1_250_000)).toBe('$12.5K');
    expect(formatCompactDollars(0)).toBe('$0');
    expect(formatCompactDollars(5_000)).toBe('$50');
  });

  it('computes the pass rate of reported results only', () => {
    expect(passRate({ pass: 3, fail: 1 })).toBe(75);
    expect(passRate({ pass: 0, fail: 2 })).toBe(0);
    expect(passRate({ pass: 0, fail: 0 })).toBeNull();
  });

  it('rounds an axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceCeiling(0)).toBe(0);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(15_000)).toBe(20_000);
    expect(niceCeiling(20_000)).toBe(20_000);
    expect(niceCeiling(20_001)).toBe(25_000);
    expect(niceCeiling(30_000)).toBe(50_000);
    expect(niceCeiling(60_000)).toBe(100_000);
    expect(niceCeiling(7)).toBe(10);
  });

  it('draws each value as a share of the top, clamped to 0..1', () => {
    expect(shares([1, 2, 4])).toEqual([0.25, 0.5, 1]);
    expect(shares([0, 0])).toEqual([0, 0]);
    expect(shares([5], 20)).toEqual([0.25]);
    expect(shares([-1, 30], 20)).toEqual([0, 1]);
  });

  it('spaces the ticks evenly', () => {
    expect(ticks(20_000)).toEqual([0, 5_000, 10_000, 15_000, 20_000]);
    expect(ticks(0)).toEqual([0]);
  });

  it('splits the ring between passes and fails', () => {
    expect(ringSegments({ pass: 1, fail: 3 }, 100)).toEqual({ pass: 25, fail: 75 });
    expect(ringSegments({ pass: 0, fail: 0 }, 100)).toEqual({ pass: 0, fail: 0 });
  });

  it('writes calendar dates the same in every time zone', () => {
    expect(formatDay('2027-07-28')).toBe('Jul 28, 2027');
    expect(formatDay('2027-01-01T00:00:00.000Z')).toBe('Jan 1, 2027');
    expect(formatDay('soon')).toBe('soon');
    expect(formatMomentDate('2026-03-15T12:00:00.000Z')).toMatch(/^Mar 1[56], 2026$/);
  });
});
