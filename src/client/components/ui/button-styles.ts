/** Class names shared by <Button> and links that look like buttons. */
const base =
  'inline-flex items-center justify-center gap-2 rounded-[var(--radius-control)] px-5 py-2.5 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const buttonVariants = {
  primary: `${base} accent-gradient text-white shadow-lg shadow-fuchsia-900/30 hover:brightness-90`,
  secondary: `${base} glass text-ink hover:bg-white/15`,
  ghost: `${base} text-ink hover:bg-white/10`,
  danger: `${base} bg-red-700 text-white hover:bg-red-600`,
} as const;

export type ButtonVariant = keyof typeof buttonVariants;
