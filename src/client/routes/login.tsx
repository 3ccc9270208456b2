import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EMAIL_NOT_CONFIRMED_CODE, LOGIN_MESSAGES } from '#shared/contracts/auth';
import { paths } from '#shared/routes';
import { PageHeader } from '../components/layout/page-header';
import { Spinner } from '../components/ui/spinner';
import { destinationOf } from '../features/auth/destination';
import { useLogin } from '../features/auth/login-api';
import {
  type SignInCredentials,
  type SignInFailure,
  SignInForm,
} from '../features/auth/sign-in-form';
import { useRememberSignIn } from '../features/auth/session';
import { useRedirectSignedIn } from '../features/auth/use-redirect-signed-in';
import { ApiRequestError, messageOf } from '../lib/api-error';

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const rememberSignIn = useRememberSignIn();
  // While a sign-in is under way this page navigates itself; the session redirect waits.
  const redirecting = useRedirectSignedIn(!login.isPending && !login.isSuccess);
  const [failure, setFailure] = useState<SignInFailure>();

  const signIn = (credentials: SignInCredentials) => {
    setFailure(undefined);
    login.mutate(credentials, {
      onSuccess: (signedIn) => {
        rememberSignIn(signedIn);
        void navigate(destinationOf(signedIn.user, signedIn.redirectTo), { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === EMAIL_NOT_CONFIRMED_CODE) {
          void navigate(`${paths.confirmEmail}?email=${encodeURIComponent(credentials.email)}`, {
            state: { email: credentials.email, notice: error.message },
          });
          return;
        }
        setFailure({
          message: messageOf(error, LOGIN_MESSAGES.unexpected),
          fields: error instanceof ApiRequestError ? error.fields : {},
        });
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
      <SignInForm busy={login.isPending} failure={failure} onSubmit={signIn} />
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
