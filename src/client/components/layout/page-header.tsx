import type { ReactNode } from 'react';

/** A page's title and one line under it, centred above the page's cards. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mx-auto mb-8 mt-10 max-w-2xl text-center">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      {children && <p className="mt-3 text-ink-muted">{children}</p>}
    </header>
  );
}
