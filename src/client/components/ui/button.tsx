import type { ComponentProps } from 'react';
import { type ButtonVariant, buttonVariants } from './button-styles';

type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  /** While true the button is disabled and shows `busyLabel` (e.g. "Signing in..."). */
  busy?: boolean;
  busyLabel?: string;
};

/**
 * The app's button. Both labels occupy the same grid cell, so swapping to the busy label never
 * changes the button's width and the layout does not jump.
 */
export function Button({
  variant = 'primary',
  busy = false,
  busyLabel,
  className = '',
  disabled,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonVariants[variant]} ${className}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busyLabel ? (
        <span className="grid">
          <span
            className={`inline-flex items-center justify-center gap-2 [grid-area:1/1] ${busy ? 'invisible' : ''}`}
            aria-hidden={busy}
          >
            {children}
          </span>
          <span
            className={`inline-flex items-center justify-center gap-2 [grid-area:1/1] ${busy ? '' : 'invisible'}`}
            aria-hidden={!busy}
          >
            {busyLabel}
          </span>
        </span>
      ) : (
        children
      )}
    </button>
  );
}
