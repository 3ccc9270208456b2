// What the seed prints as it goes: durations, counts, and the per-step times shown at the end.
import { performance } from 'node:perf_hooks';

export const timings: { step: string; seconds: number }[] = [];

export function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

export function format(count: number): string {
  return count.toLocaleString('en-US');
}
