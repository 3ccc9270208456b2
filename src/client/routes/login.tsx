import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  EMAIL_NOT_CONFIRMED_CODE,
  LOGIN_MESSAGES,
  loginRequestSchema,
} from '#shared/contracts/auth';
import { fieldErrorsOf } from '#shared/contracts/field-errors';
import { FIELD_MAX } from '#shared/limits';
import { paths } from '#shared/routes';
import { PageHeader } from '../components/layout/page-header';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { EmailField, TextField } from '../components/ui/field';
import { Spinner } from '../components/ui/spinner';
import { destinationOf } from '../features/auth/destination';
import { useLogin } from '../features/auth/login-api';
import { useRememberSignIn } from '../features/auth/session';
import { useRedirectSignedIn } from '../features/auth/use-redirect-signed-in';
import { ApiRequestError, messageOf } from '../lib/api-error';

type Errors = { email?: string; password?: string };

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const rememberSignIn = useRememberSignIn();
  // While a sign-in is under way this page navigates itself; the session redirect waits.
  const redirecting = useRedirectSignedIn(!login.isPending && !login.isSuccess);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string>();

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
      onSuccess: (signedIn) => {
        rememberSignIn(signedIn);
        void navigate(destinationOf(signedIn.user, signedIn.redirectTo), { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === EMAIL_NOT_CONFIRMED_CODE) {
          void navigate(`${paths.confirmEmail}?email=${encodeURIComponent(parsed.data.email)}`, {
            state: { email: parsed.data.email, notice: error.message },
          });
          return;
        }
        setMessage(messageOf(error, LOGIN_MESSAGES.unexpected));
        const fields = error instanceof ApiRequestError ? error.fields : {};
        setErrors(fields);
        // The busy button lost focus: put it where the student acts next.
        document.getElementById(fields.email ? 'email' : 'password')?.focus();
      },
    });
  };

  if (redirecting) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Checking your session..." />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Sign in to StarPrep">Welcome back. Pick up where you left off.</PageHeader>
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
      <p className="mt-6 text-center text-ink-muted">
        New to StarPrep?{' '}
        <Link
          to={paths.examRegistration}
          className="font-semibold text-accent underline-offset-4 hover:underline"
        >
          Register
        </Link>
      </p>
    </div>
  );
}
