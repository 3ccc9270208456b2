import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const tones = {
  success: 'border-success/50 bg-success/10 text-success',
  danger: 'border-danger/50 bg-danger/10 text-danger',
  warning: 'border-warning/50 bg-warning/10 text-warning',
  accent: 'border-accent/50 bg-accent/10 text-accent',
  neutral: 'border-white/25 bg-white/5 text-ink-muted',
} as const;

export type BadgeTone = keyof typeof tones;

/**
 * A short status word in a pill (Pass, Active, Pending...). The colour is never the only signal
 * (visual.md): the word is always there, with an icon when one helps.
 */
export function Badge({
  tone,
  icon: Icon,
  children,
}: {
  tone: BadgeTone;
  icon?: LucideIcon;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {Icon && <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />}
      {children}
    </span>
  );
}
