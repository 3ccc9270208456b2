import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { OTP_MESSAGES, RESEND_MESSAGES, verifyOtpRequestSchema } from '#shared/contracts/auth';
import { fieldErrorsOf } from '#shared/contracts/field-errors';
import { FIELD_MAX, OTP } from '#shared/limits';
import { paths } from '#shared/routes';
import { PageHeader } from '../components/layout/page-header';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { buttonVariants } from '../components/ui/button-styles';
import { Card } from '../components/ui/card';
import { EmailField, TextField } from '../components/ui/field';
import { Spinner } from '../components/ui/spinner';
import { useRememberSignIn } from '../features/auth/session';
import { useRedirectSignedIn } from '../features/auth/use-redirect-signed-in';
import { useStartCheckout } from '../features/billing/billing-api';
import { useResetOnReturn } from '../lib/use-reset-on-return';
import { useConfirmEmail, useResendCode } from '../features/registration/registration-api';
import { ApiRequestError, messageOf } from '../lib/api-error';

/** What the page that sent the student here passed along (spec: "navigation state"). */
type ArrivalState = { email?: string; mailSent?: boolean; notice?: string } | null;

/** Counts down to zero once a second; the Resend button waits for it. */
function useCountdown() {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return [secondsLeft, setSecondsLeft] as const;
}

export function ConfirmEmailPage() {
  const navigate = useNavigate();
  const arrival = useLocation().state as ArrivalState;
  const [searchParams] = useSearchParams();
  const confirm = useConfirmEmail();
  const checkout = useStartCheckout();
  const resend = useResendCode();
  const rememberSignIn = useRememberSignIn();
  const redirecting = useRedirectSignedIn(!confirm.isPending && !confirm.isSuccess);
  const leaving = confirm.isSuccess && !checkout.isError;
  // Back from the checkout restores this page as it was left: start over from a clean form.
  useResetOnReturn(() => {
    confirm.reset();
    checkout.reset();
  });

  const [email, setEmail] = useState(arrival?.email ?? searchParams.get('email') ?? '');
  const [otp, setOtp] = useState('');
  const [errors, setErrors] = useState<{ email?: string; otp?: string }>({});
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState<string | undefined>(
    arrival?.notice ??
      (arrival?.mailSent === false
        ? 'We could not send the code just now. Use Resend OTP to try again.'
        : undefined),
  );
  // A code was just sent by sign-up or sign-in: the server would refuse another for a minute.
  const [resendWait, setResendWait] = useCountdown();
  useEffect(() => {
    if (arrival?.email) setResendWait(OTP.resendAfterSeconds);
  }, [arrival?.email, setResendWait]);

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    const parsed = verifyOtpRequestSchema.safeParse({ email, otp });
    if (!parsed.success) {
      const found: typeof errors = fieldErrorsOf(parsed.error);
      setErrors(found);
      setProblem(undefined);
      document.getElementById(found.email ? 'email' : 'otp')?.focus();
      return;
    }
    setErrors({});
    setProblem(undefined);
    confirm.mutate(parsed.data, {
      onSuccess: (signedIn) => {
        rememberSignIn(signedIn);
        // Spec section 4: after the code, straight on to the hosted checkout. If it cannot be
        // opened, the payment page says so and offers it again.
        checkout.mutate(undefined, {
          onError: () => void navigate(paths.paymentVerification, { replace: true }),
        });
      },
      onError: (error) => {
        setProblem(messageOf(error, OTP_MESSAGES.unexpected));
        const fields = error instanceof ApiRequestError ? error.fields : {};
        setErrors(fields);
        // The busy button lost focus: back to the field to correct.
        document.getElementById(fields.email ? 'email' : 'otp')?.focus();
      },
    });
  };

  const onResend = () => {
    setProblem(undefined);
    setNotice(undefined);
    const parsed = verifyOtpRequestSchema.shape.email.safeParse(email);
    if (!parsed.success) {
      setErrors({ email: parsed.error.issues[0]?.message });
      document.getElementById('email')?.focus();
      return;
    }
    resend.mutate(
      { email: parsed.data },
      {
        onSuccess: ({ message }) => {
          setNotice(message);
          setResendWait(OTP.resendAfterSeconds);
        },
        onError: (error) => {
          setProblem(messageOf(error, RESEND_MESSAGES.failed));
          if (error instanceof ApiRequestError && error.retryAfterSeconds) {
            setResendWait(error.retryAfterSeconds);
          }
        },
      },
    );
  };

  if (redirecting) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Checking your session..." />
      </div>
    );
  }

  const registrationMissing = problem === OTP_MESSAGES.registrationMissing;
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Confirm your e-mail">
        {email
          ? `We sent a ${OTP.digits}-digit code to ${email}. Enter it below to continue.`
          : `Enter your e-mail and the ${OTP.digits}-digit code we sent you.`}
      </PageHeader>
      <Card>
        <form noValidate onSubmit={onVerify} className="flex flex-col gap-5">
          {notice && <Alert tone="info">{notice}</Alert>}
          {problem && (
            <Alert tone="error">
              {problem}
              {registrationMissing && (
                <>
                  {' '}
                  <Link to={paths.examRegistration} className="font-semibold underline">
                    Register again
                  </Link>
                </>
              )}
            </Alert>
          )}
          <EmailField value={email} error={errors.email} onChange={setEmail} />
          <TextField
            id="otp"
            label="Confirmation code"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={FIELD_MAX.otp}
            className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
            value={otp}
            error={errors.otp}
            hint={`The code is valid for ${OTP.validSeconds / 60} minutes.`}
            onChange={(event) => setOtp(event.target.value.replace(/\s/g, ''))}
          />
          <Button
            type="submit"
            busy={confirm.isPending || leaving}
            busyLabel={leaving ? 'Opening the checkout...' : 'Verifying...'}
            className="w-full"
          >
            Verify OTP
          </Button>
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <Button
              variant="ghost"
              className="px-3 py-2"
              busy={resend.isPending}
              busyLabel="Sending..."
              disabled={resendWait > 0}
              onClick={onResend}
            >
              {resendWait > 0 ? `Resend OTP (${resendWait} s)` : 'Resend OTP'}
            </Button>
            <Link to={paths.login} className={`${buttonVariants.ghost} px-3 py-2`}>
              Sign in
            </Link>
          </div>
        </form>
      </Card>
    </div>
  );
}
