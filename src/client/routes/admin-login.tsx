import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ADMIN_LOGIN_MESSAGES } from '#shared/contracts/admin';
import { loginRequestSchema } from '#shared/contracts/auth';
import { fieldErrorsOf } from '#shared/contracts/field-errors';
import { FIELD_MAX } from '#shared/limits';
import { paths } from '#shared/routes';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { EmailField, TextField } from '../components/ui/field';
import { Spinner } from '../components/ui/spinner';
import { adminSessionQuery, useAdminLogin } from '../features/admin/admin-api';
import { ApiRequestError } from '../lib/api-error';

type Errors = { email?: string; password?: string };

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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string>();

  // An admin who is already signed in goes straight to the dashboard.
  const signedIn = session.data != null;
  useEffect(() => {
    if (signedIn) void navigate(paths.adminDashboard, { replace: true });
  }, [signedIn, navigate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      const found: Errors = fieldErrorsOf(parsed.error);
      setErrors(found);
      setMessage(undefined);
      document.getElementById(found.email ? 'email' : 'password')?.focus();
      return;
    }
    setErrors({});
    setMessage(undefined);
    login.mutate(parsed.data, {
      onError: (error) => {
        setMessage(loginFailureMessage(error));
        const fields = error instanceof ApiRequestError && error.status === 400 ? error.fields : {};
        setErrors(fields);
        // The busy button lost focus: put it where the admin acts next.
        document.getElementById(fields.email ? 'email' : 'password')?.focus();
      },
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
      <Card>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          {message && <Alert tone="error">{message}</Alert>}
          <EmailField value={email} error={errors.email} onChange={setEmail} />
          <TextField
            id="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={FIELD_MAX.password}
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" busy={login.isPending} busyLabel="Signing in..." className="w-full">
            Sign in
          </Button>
        </form>
      </Card>
      {import.meta.env.DEV && (
        <p className="mt-6 text-center text-sm text-ink-muted">
          Development: admins are created on the server with{' '}
          <code className="rounded bg-white/10 px-1.5 py-0.5">npm run admin:create</code>.
        </p>
      )}
    </div>
  );
}
