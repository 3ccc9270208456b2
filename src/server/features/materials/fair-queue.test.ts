import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue';

const drain = <Job>(queue: FairQueue<Job>) => {
  const order: Job[] = [];
  for (let job = queue.shift(); job !== undefined; job = queue.shift()) order.push(job);
  return order;
};

describe('FairQueue', () => {
  it("takes a second student's one file before the first student's 100th", () => {
    const queue = new FairQueue<string>();
    for (let file = 1; file <= 100; file += 1) queue.push('ada', `ada-${file}`);
    queue.push('grace', 'grace-1');
    const order = drain(queue);
    expect(order.indexOf('grace-1')).toBe(1); // right after ada's first
    expect(order.indexOf('grace-1')).toBeLessThan(order.indexOf('ada-100'));
    expect(order.filter((job) => job.startsWith('ada'))).toEqual(
      Array.from({ length: 100 }, (_, index) => `ada-${index + 1}`),
    );
  });

  it('a student who joins while another is being served gets the next turn', () => {
    const queue = new FairQueue<string>();
    queue.push('ada', 'ada-1');
    queue.push('ada', 'ada-2');
    queue.push('ada', 'ada-3');
    expect(queue.shift()).toBe('ada-1');
    queue.push('grace', 'grace-1');
    expect(drain(queue)).toEqual(['grace-1', 'ada-2', 'ada-3']);
  });

  it('loses no job and keeps each owner’s order, whatever arrives (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.nat())), (pushes) => {
        const queue = new FairQueue<[string, number]>();
        for (const [owner, value] of pushes) queue.push(owner, [owner, value]);
        expect(queue.size).toBe(pushes.length);
        const order = drain(queue);
        expect(queue.size).toBe(0);
        for (const owner of ['a', 'b', 'c']) {
          const mine = (list: [string, number][]) => list.filter(([who]) => who === owner);
          expect(mine(order)).toEqual(mine(pushes));
        }
        // Between two jobs of one owner, every other owner with jobs left had a turn.
        const waiting = new Map<string, number>();
        for (const [owner] of pushes) waiting.set(owner, (waiting.get(owner) ?? 0) + 1);
        for (let turn = 0; turn + 1 < order.length; turn += 1) {
          const owner = order[turn]![0];
          waiting.set(owner, waiting.get(owner)! - 1);
          if ([...waiting.entries()].some(([other, left]) => other !== owner && left > 0)) {
            expect(order[turn + 1]![0]).not.toBe(owner);
          }
        }
      }),
    );
  });

  it('clear empties it', () => {
    const queue = new FairQueue<number>();
    queue.push('a', 1);
    queue.clear();
    expect(queue.size).toBe(0);
    expect(queue.shift()).toBeUndefined();
  });
});
