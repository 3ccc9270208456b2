import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { AdminSessionResponse } from '#shared/contracts/admin';
import { paths } from '#shared/routes';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { messageOf } from '../../lib/api-error';
import { adminSessionQuery, SESSION_CHECK_FAILED } from './admin-api';

/**
 * The browser side of the admin check: no admin session (401, or 403 for a student) goes to
 * /admin/login, replacing this entry. Every admin API checks again on the server, so this only
 * decides where the visitor is sent.
 */
export function AdminGate({
  children,
}: {
  children: (admin: AdminSessionResponse['admin']) => ReactNode;
}) {
  const navigate = useNavigate();
  const session = useQuery(adminSessionQuery);
  const signedOut = session.isSuccess && session.data === null;

  useEffect(() => {
    if (signedOut) void navigate(paths.adminLogin, { replace: true });
  }, [signedOut, navigate]);

  if (session.data) return children(session.data.admin);
  if (session.isError) {
    return (
      <div className="mx-auto mt-16 flex max-w-md flex-col gap-4">
        <Alert tone="error">{messageOf(session.error, SESSION_CHECK_FAILED)}</Alert>
        <Button variant="secondary" onClick={() => void session.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="flex justify-center py-24">
      <Spinner label="Checking your admin session..." />
    </div>
  );
}
