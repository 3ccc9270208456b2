import { useQuery } from '@tanstack/react-query';
import { Check, CreditCard } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { BILLING_MESSAGES } from '#shared/contracts/billing';
import { examCategoryLabel } from '#shared/contracts/registration';
import { yearlyPriceLabel } from '#shared/pricing';
import { paths } from '#shared/routes';
import { PageHeader } from '../components/layout/page-header';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { useSession } from '../features/auth/session';
import { useStartCheckout } from '../features/billing/billing-api';
import { useResetOnReturn } from '../lib/use-reset-on-return';
import { latestRegistrationQuery } from '../features/registration/registration-api';
import { messageOf } from '../lib/api-error';

const benefits = [
  'Unlimited practice in three timed modes: flash cards, multiple choice, typed answers',
  'Questions made for your exam type, and from your own study materials',
  'Your progress and average score on your dashboard, for a whole year',
];

const examDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * The payment status gate (spec section 2). A running year of access goes to the dashboard;
 * otherwise the latest registration shows Payment Required (pending, or a year that has ended:
 * the renewal) or Payment Failed, each with the checkout.
 */
export function PaymentVerificationPage() {
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = session.data?.user != null;
  // The server's answer (a year of access that has not ended), the same as the paid features'.
  const paid = session.data?.user != null && session.data.hasCompletedPayment;
  const latest = useQuery({ ...latestRegistrationQuery, enabled: signedIn });
  const registration = latest.data?.registration;
  const checkout = useStartCheckout();

  useEffect(() => {
    if (session.isSuccess && !signedIn) void navigate(paths.login, { replace: true });
    if (paid) void navigate(paths.dashboard, { replace: true });
  }, [session.isSuccess, signedIn, paid, navigate]);
  useResetOnReturn(checkout.reset);

  if (session.isError) {
    return (
      <div className="mx-auto mt-16 flex max-w-xl flex-col items-center gap-4">
        <Alert tone="error">{session.error.message} Check your connection and try again.</Alert>
        <Button variant="secondary" onClick={() => void session.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  // A query that waits for the session counts as pending; only a running one shows the spinner.
  if (session.isPending || !signedIn || paid || latest.isLoading) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Checking your payment..." />
      </div>
    );
  }

  const failed = registration?.paymentStatus === 'failed';
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={failed ? 'Payment Failed' : 'Payment Required'} />
      <Card className="flex flex-col gap-5">
        {latest.isError && <Alert tone="error">{latest.error.message}</Alert>}
        {registration ? (
          <div className="flex items-start gap-4">
            <CreditCard className="mt-1 h-8 w-8 shrink-0 text-accent" aria-hidden="true" />
            <div>
              <h2 className="text-lg font-semibold">{registration.examType}</h2>
              <p className="text-ink-muted">
                {examCategoryLabel(registration.examCategory)} · exam on{' '}
                {examDateFormat.format(new Date(`${registration.examDate}T00:00:00Z`))}
              </p>
              <p className="mt-3">
                {failed
                  ? 'The last payment did not go through, so nothing was charged. You can try again.'
                  : registration.paymentStatus === 'completed'
                    ? 'Your year of access for this exam has ended. Renew it to keep studying.'
                    : 'Your e-mail is confirmed and your registration is saved.'}{' '}
                A year of access costs {yearlyPriceLabel}.
              </p>
            </div>
          </div>
        ) : (
          !latest.isError && <p>You have no exam registration yet.</p>
        )}
        {registration && (
          <>
            <ul className="space-y-2">
              {benefits.map((benefit) => (
                <li key={benefit} className="flex gap-2">
                  <Check className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden="true" />
                  <span>{benefit}</span>
                </li>
              ))}
            </ul>
            {checkout.isError && (
              <Alert tone="error">
                {messageOf(checkout.error, BILLING_MESSAGES.checkoutFailed)}
              </Alert>
            )}
            <Button
              busy={checkout.isPending || checkout.isSuccess}
              // After the checkout, Back restores this page: useResetOnReturn frees the button.
              busyLabel="Opening the checkout..."
              className="w-full"
              onClick={() => checkout.mutate(registration.id)}
            >
              Continue with Stripe Payment
            </Button>
          </>
        )}
      </Card>
    </div>
  );
}
