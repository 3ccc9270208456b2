import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ADMIN_LOGIN_MESSAGES } from '#shared/contracts/admin';
import { paths } from '#shared/routes';
import { Spinner } from '../components/ui/spinner';
import { adminSessionQuery, useAdminLogin } from '../features/admin/admin-api';
import {
  type SignInCredentials,
  type SignInFailure,
  SignInForm,
} from '../features/auth/sign-in-form';
import { ApiRequestError } from '../lib/api-error';

/** What the page says about a failed sign-in (ADMIN_LOGIN_MESSAGES; a rate limit says its own). */
function loginFailureMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return ADMIN_LOGIN_MESSAGES.failed;
  if (error.status === 401) return ADMIN_LOGIN_MESSAGES.invalid;
  if (error.status === 429) return error.message;
  return ADMIN_LOGIN_MESSAGES.failed;
}

/**
 * /admin/login (spec section 2; decisions.md section 1): a real account with the admin role,
 * checked on the server. No credentials appear on this page.
 */
export function AdminLoginPage() {
  const navigate = useNavigate();
  const session = useQuery(adminSessionQuery);
  const login = useAdminLogin();
  const [failure, setFailure] = useState<SignInFailure>();

  // An admin who is already signed in goes straight to the dashboard.
  const signedIn = session.data != null;
  useEffect(() => {
    if (signedIn) void navigate(paths.adminDashboard, { replace: true });
  }, [signedIn, navigate]);

  const signIn = (credentials: SignInCredentials) => {
    setFailure(undefined);
    login.mutate(credentials, {
      onError: (error) =>
        setFailure({
          message: loginFailureMessage(error),
          fields: error instanceof ApiRequestError && error.status === 400 ? error.fields : {},
        }),
    });
  };

  if (session.isPending || signedIn) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Checking your session..." />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md">
      <header className="mb-8 mt-10 flex flex-col items-center gap-4 text-center">
        <span className="accent-gradient flex h-14 w-14 items-center justify-center rounded-2xl">
          <ShieldCheck className="h-7 w-7 text-white" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">Admin Login</h1>
        <p className="text-ink-muted">The admin portal is for StarPrep staff.</p>
      </header>
      <SignInForm busy={login.isPending} failure={failure} onSubmit={signIn} />
      {import.meta.env.DEV && (
        <p className="mt-6 text-center text-sm text-ink-muted">
          Development: admins are created on the server with{' '}
          <code className="rounded bg-white/10 px-1.5 py-0.5">npm run admin:create</code>.
        </p>
      )}
    </div>
  );
}
