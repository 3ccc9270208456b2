import { useQuery } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { examCategoryLabel } from '#shared/contracts/registration';
import { yearlyPriceLabel } from '#shared/pricing';
import { paths } from '#shared/routes';
import { PageHeader } from '../components/layout/page-header';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { useSession } from '../features/auth/session';
import { latestRegistrationQuery } from '../features/registration/registration-api';

const examDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * The payment status gate (spec section 2). It reads the latest registration; a completed one goes
 * to the dashboard. Checkout itself arrives with the billing work, and the page says so.
 */
export function PaymentVerificationPage() {
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = session.data?.user != null;
  const latest = useQuery({ ...latestRegistrationQuery, enabled: signedIn });
  const registration = latest.data?.registration;

  useEffect(() => {
    if (session.isSuccess && !signedIn) void navigate(paths.login, { replace: true });
    if (registration?.paymentStatus === 'completed')
      void navigate(paths.dashboard, { replace: true });
  }, [session.isSuccess, signedIn, registration?.paymentStatus, navigate]);

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
  if (session.isPending || !signedIn || latest.isLoading) {
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
                Your e-mail is confirmed and your registration is saved. Access to the study tools
                costs {yearlyPriceLabel}.
              </p>
            </div>
          </div>
        ) : (
          !latest.isError && <p>You have no exam registration yet.</p>
        )}
        <Alert tone="info">
          Online checkout is not available in this version of StarPrep yet. Your registration is
          kept, and you can pay here as soon as checkout opens.
        </Alert>
      </Card>
    </div>
  );
}
