import { useMemo } from 'react';
import { useIsClient } from '../../lib/use-is-client';
import { createStars } from './stars';

/**
 * The night sky behind every page. Twinkling is a CSS animation only (no per-frame JavaScript);
 * the global reduced-motion rule stops it.
 */
export function StarField() {
  const isClient = useIsClient();
  // Random positions are drawn in the browser only, so prerendered HTML hydrates cleanly.
  const stars = useMemo(() => (isClient ? createStars(Math.random) : []), [isClient]);
  return (
    <div
      aria-hidden="true"
      className="night-sky pointer-events-none fixed inset-0 -z-10 overflow-hidden"
    >
      {stars.map((star, index) => (
        <span
          key={index}
          data-star={star.kind}
          className={
            star.kind === 'white'
              ? 'absolute rounded-full bg-white animate-twinkle'
              : 'absolute rounded-full bg-star-blue shadow-[0_0_6px_1px_var(--color-star-blue)] animate-twinkle'
          }
          style={{
            top: `${star.top}%`,
            left: `${star.left}%`,
            width: `${star.size}px`,
            height: `${star.size}px`,
            animationDelay: `${star.delay}s`,
            animationDuration: `${star.duration}s`,
          }}
        />
      ))}
    </div>
  );
}
