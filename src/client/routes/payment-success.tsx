import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CircleCheck, CircleX, SearchX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '#shared/routes';
import { PageHeader } from '../components/layout/page-header';
import { Alert } from '../components/ui/alert';
import { buttonVariants } from '../components/ui/button-styles';
import { Card } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { sessionQueryKey } from '../features/auth/session';
import { checkoutStatusQuery, STATUS_POLLS } from '../features/billing/billing-api';

const whatsNext = [
  'Upload your own study materials: notes, outlines, past papers.',
  'Study with flash cards, multiple choice graded instantly, or typed answers.',
  'Follow your sessions and your average score on the dashboard.',
  'After the exam, tell us whether you passed.',
];

/**
 * Payment success (spec section 2). Visiting it grants nothing (decisions.md section 1): the
 * server checks that this session is the student's and paid, then the page says what it found.
 */
export function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id') ?? '';
  const status = useQuery({ ...checkoutStatusQuery(sessionId), enabled: sessionId !== '' });

  const stillPending = status.data?.status === 'pending';
  // The session remembered from before the payment says "unpaid": ask again once the server
  // confirms the account is active, so the dashboard's gate lets the student in.
  const accountActive = status.data?.accountActive === true;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (accountActive) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [accountActive, queryClient]);
  const polls =
    queryClient.getQueryState(checkoutStatusQuery(sessionId).queryKey)?.dataUpdateCount ?? 0;
  if (stillPending && polls >= STATUS_POLLS) {
    return (
      <div className="mx-auto max-w-xl">
        <PageHeader title="Payment processing" />
        <Card className="flex flex-col items-center gap-4 text-center">
          <p>
            Your payment has not been confirmed yet. Some payment methods take a while; your account
            is activated as soon as the payment is confirmed, and you can close this page.
          </p>
          <Link to={paths.paymentVerification} className={buttonVariants.secondary}>
            Go to the payment page
          </Link>
        </Card>
      </div>
    );
  }
  if (sessionId && (status.isPending || stillPending)) {
    return (
      <div className="flex flex-col items-center gap-3 py-24">
        <Spinner label="Confirming your payment..." />
        {status.data?.status === 'pending' && (
          <p className="text-sm text-ink-muted">Your bank is still confirming the payment.</p>
        )}
      </div>
    );
  }

  if (!sessionId || status.isError || status.data?.status === 'unknown') {
    return (
      <div className="mx-auto max-w-xl">
        <PageHeader title="Payment not found" />
        <Card className="flex flex-col items-center gap-4 text-center">
          <SearchX className="h-12 w-12 text-warning" aria-hidden="true" />
          <p>
            {status.isError
              ? status.error.message
              : 'This link does not belong to a payment of yours, so nothing was activated.'}
          </p>
          <Link to={paths.paymentVerification} className={buttonVariants.primary}>
            Go to the payment page
          </Link>
        </Card>
      </div>
    );
  }

  if (status.data?.status === 'failed') {
    return (
      <div className="mx-auto max-w-xl">
        <PageHeader title="Payment Failed" />
        <Card className="flex flex-col items-center gap-4 text-center">
          <CircleX className="h-12 w-12 text-danger" aria-hidden="true" />
          <p>The payment did not go through. No access was activated.</p>
          <Link to={paths.paymentVerification} className={buttonVariants.primary}>
            Try again
          </Link>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Payment Successful" />
      <Card className="flex flex-col gap-5">
        <div className="flex items-center gap-3">
          <CircleCheck className="h-10 w-10 shrink-0 text-success" aria-hidden="true" />
          <p className="text-lg">Thank you! Your payment is confirmed.</p>
        </div>
        {status.data?.accountActive && (
          <Alert tone="success">Your account is active for one year from today.</Alert>
        )}
        <div>
          <h2 className="text-lg font-semibold">What&apos;s Next</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-muted">
            {whatsNext.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.dashboard} className={buttonVariants.primary}>
            Go to the dashboard
          </Link>
          <Link to={paths.studyMaterials} className={buttonVariants.secondary}>
            Upload study materials
          </Link>
          <Link to={paths.home} className={buttonVariants.secondary}>
            Home
          </Link>
        </div>
      </Card>
    </div>
  );
}
