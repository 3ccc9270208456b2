import { VIDEO } from '#shared/limits';

/** The speed after `current` in the cycle 1x → 1.5x → 2x → 1x. */
export function nextSpeed(current: number): number {
  const index = VIDEO.speeds.indexOf(current as (typeof VIDEO.speeds)[number]);
  return VIDEO.speeds[(index + 1) % VIDEO.speeds.length] ?? VIDEO.speeds[0];
}

/** The time 10 s ahead, never past the end (a video of unknown length just moves ahead). */
export function skipForward(current: number, duration: number): number {
  const target = current + VIDEO.forwardSkipSeconds;
  return Number.isFinite(duration) && duration > 0 ? Math.min(target, duration) : target;
}

/** 75 → "1:15". */
export function formatTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export const speedLabel = (speed: number) => `${speed}x`;
