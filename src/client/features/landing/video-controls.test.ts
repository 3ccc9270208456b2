import { describe, expect, it } from 'vitest';
import { formatTime, nextSpeed, skipForward, speedLabel } from './video-controls';

describe('video controls', () => {
  it('cycles speed 1x → 1.5x → 2x → 1x', () => {
    expect(nextSpeed(1)).toBe(1.5);
    expect(nextSpeed(1.5)).toBe(2);
    expect(nextSpeed(2)).toBe(1);
    expect(speedLabel(1.5)).toBe('1.5x');
  });

  it('goes back to 1x from a speed outside the cycle', () => {
    expect(nextSpeed(0.75)).toBe(1);
  });

  it('skips forward 10 s without passing the end', () => {
    expect(skipForward(3, 60)).toBe(13);
    expect(skipForward(55, 60)).toBe(60);
    expect(skipForward(5, Number.NaN)).toBe(15);
  });

  it('formats times as m:ss', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(75.9)).toBe('1:15');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });
});
