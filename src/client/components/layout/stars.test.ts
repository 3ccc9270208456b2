import { describe, expect, it } from 'vitest';
import { BLUE_STARS, WHITE_STARS, createStars } from './stars';

describe('createStars', () => {
  it('makes 100 white and 20 blue stars inside the viewport', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const stars = createStars(random);
    expect(stars.filter((s) => s.kind === 'white')).toHaveLength(WHITE_STARS);
    expect(stars.filter((s) => s.kind === 'blue')).toHaveLength(BLUE_STARS);
    expect(WHITE_STARS).toBe(100);
    expect(BLUE_STARS).toBe(20);
    for (const star of stars) {
      expect(star.top).toBeGreaterThanOrEqual(0);
      expect(star.top).toBeLessThanOrEqual(100);
      expect(star.left).toBeGreaterThanOrEqual(0);
      expect(star.left).toBeLessThanOrEqual(100);
      expect(star.duration).toBeGreaterThan(0);
    }
  });

  it('places stars at different positions', () => {
    const stars = createStars(Math.random);
    const positions = new Set(stars.map((s) => `${s.top}:${s.left}`));
    expect(positions.size).toBeGreaterThan(110);
  });

  it('keeps the blue stars small', () => {
    const stars = createStars(() => 0.999);
    for (const star of stars.filter((s) => s.kind === 'blue')) expect(star.size).toBeLessThan(3);
  });
});
