import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';

const tones = {
  error: { icon: CircleAlert, style: 'border-danger/60 bg-danger/10', iconStyle: 'text-danger' },
  success: {
    icon: CircleCheck,
    style: 'border-success/60 bg-success/10',
    iconStyle: 'text-success',
  },
  info: { icon: Info, style: 'border-accent/60 bg-accent/10', iconStyle: 'text-accent' },
} as const;

/** A message for the whole form or page; errors are announced to screen readers at once. */
export function Alert({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  const { icon: Icon, style, iconStyle } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-3 rounded-[var(--radius-control)] border px-4 py-3 ${style}`}
    >
      <Icon className={`mt-0.5 h-5 w-5 shrink-0 ${iconStyle}`} aria-hidden="true" />
      <div className="text-sm text-ink">{children}</div>
    </div>
  );
}
