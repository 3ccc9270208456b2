import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('shares one run among concurrent callers, then runs again', async () => {
    let runs = 0;
    const check = singleFlight(async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return runs;
    });
    expect(await Promise.all([check(), check(), check()])).toEqual([1, 1, 1]);
    expect(await check()).toBe(2);
  });

  it('passes a failure to every waiting caller and recovers afterwards', async () => {
    let fail = true;
    const check = singleFlight(async () => {
      if (fail) throw new Error('down');
      return 'up';
    });
    await expect(Promise.all([check(), check()])).rejects.toThrow('down');
    fail = false;
    await expect(check()).resolves.toBe('up');
  });
});
