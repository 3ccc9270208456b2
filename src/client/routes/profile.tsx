import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PROFILE_MESSAGES } from '#shared/contracts/profile';
import { paths } from '#shared/routes';
import { PageHeader } from '../components/layout/page-header';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { PaidPage } from '../features/auth/paid-page';
import { sessionQueryKey, useSession } from '../features/auth/session';
import { profileQuery } from '../features/profile/profile-api';
import { ProfileForm } from '../features/profile/profile-form';
import { ApiRequestError, messageOf } from '../lib/api-error';

/**
 * /profile (spec sections 2 and 4): signed out goes to /login, without a completed payment to
 * /payment-verification (with a redirecting screen meanwhile); then a loading spinner and the form.
 */
export function ProfilePage() {
  const session = useSession();
  const unpaid = session.data?.user != null && !session.data.hasCompletedPayment;
  return (
    <PaidPage
      unpaidTo={paths.paymentVerification}
      checkingLabel={unpaid ? 'Redirecting to payment verification...' : 'Loading...'}
    >
      <ProfileContent />
    </PaidPage>
  );
}

function ProfileContent() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const profile = useQuery(profileQuery);
  const error = profile.error;

  // Signed out or the year of access ended while the page was open: ask the session again, and
  // the gate above sends the student where they belong.
  useEffect(() => {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 402)) {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void navigate(error.status === 401 ? paths.login : paths.paymentVerification, {
        replace: true,
      });
    }
  }, [error, navigate, queryClient]);

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Your Profile">
        Your name, contact details and profession, visible only to you.
      </PageHeader>
      {profile.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading profile..." />
        </div>
      ) : profile.isError ? (
        <div className="flex flex-col items-center gap-4">
          <Alert tone="error">{messageOf(profile.error, PROFILE_MESSAGES.loadFailed)}</Alert>
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ProfileForm
          profile={profile.data.profile}
          saved={profile.data.saved}
          accountEmail={session.data?.user?.email ?? ''}
        />
      )}
    </div>
  );
}
