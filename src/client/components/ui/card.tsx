import type { ComponentProps } from 'react';

/** A translucent "glass" surface floating above the star field. */
export function Card({ className = '', ...props }: ComponentProps<'div'>) {
  return <div className={`glass rounded-[var(--radius-card)] p-6 ${className}`} {...props} />;
}
