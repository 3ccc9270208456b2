import { useQueryClient } from '@tanstack/react-query';
import { LogOut, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import type { AdminSessionResponse } from '#shared/contracts/admin';
import { Button } from '../components/ui/button';
import { showToast } from '../components/ui/toast';
import { adminKeys, isSignedOut, useAdminLogout } from '../features/admin/admin-api';
import { AdminGate } from '../features/admin/admin-gate';
import {
  AdminStatCards,
  ExamTypesPanel,
  ResultsPanel,
  RevenuePanel,
} from '../features/admin/stat-panels';
import { UsersPanel } from '../features/admin/users-panel';
import { messageOf } from '../lib/api-error';

/** /admin/dashboard (spec section 2): for admins only; anyone else goes to /admin/login. */
export function AdminDashboardPage() {
  return <AdminGate>{(admin) => <AdminDashboard admin={admin} />}</AdminGate>;
}

/**
 * A session that ends while the dashboard is open (logged out in another tab, expired): any admin
 * call answered 401 or 403 marks the session gone, and the gate sends the admin to log in again.
 */
function useLeaveWhenSessionEnds() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.query.queryKey[0] !== adminKeys.all[0]) return;
        if (event.query.queryKey[1] === 'session') return;
        if (isSignedOut(event.query.state.error)) {
          queryClient.setQueryData(adminKeys.session, null);
        }
      }),
    [queryClient],
  );
}

function AdminDashboard({ admin }: { admin: AdminSessionResponse['admin'] }) {
  const logout = useAdminLogout();
  useLeaveWhenSessionEnds();

  return (
    <div className="flex flex-col gap-8 pt-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <span className="accent-gradient hidden h-12 w-12 shrink-0 items-center justify-center rounded-2xl sm:flex">
            <ShieldCheck className="h-6 w-6 text-white" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight md:text-4xl">Admin Dashboard</h1>
            <p className="break-all text-ink-muted">
              Signed in as <span className="font-medium text-ink">{admin.email}</span>
            </p>
          </div>
        </div>
        <Button
          variant="secondary"
          busy={logout.isPending}
          busyLabel="Logging out..."
          onClick={() =>
            logout.mutate(undefined, {
              onError: (error) =>
                showToast(messageOf(error, 'Could not log out. Please try again.'), 'error'),
            })
          }
        >
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Logout
        </Button>
      </header>

      <AdminStatCards />

      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <RevenuePanel />
        <ResultsPanel />
        <ExamTypesPanel className="md:col-span-2 xl:col-span-1" />
      </div>

      <UsersPanel />
    </div>
  );
}
