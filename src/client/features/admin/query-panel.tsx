import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { RefreshCw } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { messageOf } from '../../lib/api-error';

/** A failed load, what it means, and a way to try again. */
export function LoadError({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert tone="error">{messageOf(error, fallback)}</Alert>
      <Button variant="secondary" className="px-4 py-2 text-sm" onClick={onRetry}>
        <RefreshCw className="h-4 w-4" aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

/**
 * One dashboard panel over one query: its title, then a spinner while loading, the error with a
 * retry, or the figures. Each panel loads on its own, so one slow or failed figure leaves the
 * others readable.
 */
export function QueryPanel<T>({
  title,
  icon: Icon,
  query,
  loadingLabel,
  errorMessage,
  className = '',
  children,
}: {
  title: string;
  icon: LucideIcon;
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorMessage: string;
  className?: string;
  children: (data: T) => ReactNode;
}) {
  const headingId = useId();
  return (
    <Card className={`min-w-0 ${className}`}>
      <section aria-labelledby={headingId} className="flex h-full flex-col gap-5">
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <Icon className="h-5 w-5 text-accent" aria-hidden="true" />
          {title}
        </h2>
        {query.data !== undefined ? (
          children(query.data)
        ) : query.isError ? (
          <LoadError
            error={query.error}
            fallback={errorMessage}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <div className="flex justify-center py-10">
            <Spinner label={loadingLabel} />
          </div>
        )}
      </section>
    </Card>
  );
}
