/** One dot of the star field, positioned in percent of the viewport. */
export type Star = {
  kind: 'white' | 'blue';
  top: number;
  left: number;
  size: number;
  delay: number;
  duration: number;
};

export const WHITE_STARS = 100;
export const BLUE_STARS = 20;

/**
 * 100 white dots and 20 small blue twinkling dots at random positions (spec section 1).
 * Pure over `random` so a test can pin the numbers; the page passes Math.random.
 */
export function createStars(random: () => number): Star[] {
  const star = (kind: Star['kind']): Star => ({
    kind,
    top: round(random() * 100),
    left: round(random() * 100),
    size: kind === 'white' ? round(1 + random() * 1.5) : round(1.5 + random()),
    delay: round(random() * 5),
    duration: kind === 'white' ? round(4 + random() * 4) : round(2 + random() * 2),
  });
  return [
    ...Array.from({ length: WHITE_STARS }, () => star('white')),
    ...Array.from({ length: BLUE_STARS }, () => star('blue')),
  ];
}

const round = (value: number) => Math.round(value * 100) / 100;
