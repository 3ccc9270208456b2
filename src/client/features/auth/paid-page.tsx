import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { type AppPath, paths } from '#shared/routes';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from './session';

/**
 * The browser side of access gating (spec section 4), over the server's own answer (a year of
 * access that has not ended). No user goes to /login; no completed payment goes to `unpaidTo`
 * (the dashboard and profile send to /payment-verification, the upload page to
 * /exam-registration); a failed check goes to `errorTo`. Every API behind these pages checks
 * again on the server, so this only decides where the student is sent.
 */
export function PaidPage({
  unpaidTo,
  errorTo = unpaidTo,
  checkingLabel = 'Loading...',
  children,
}: {
  unpaidTo: AppPath;
  errorTo?: AppPath;
  checkingLabel?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const session = useSession();
  const user = session.data?.user;
  const paid = user != null && session.data?.hasCompletedPayment === true;

  // A remembered answer being checked again (e.g. from before a payment) decides nothing yet.
  const settled = !session.isFetching;
  useEffect(() => {
    if (!settled) return;
    if (session.isError) void navigate(errorTo, { replace: true });
    else if (session.isSuccess && !user) void navigate(paths.login, { replace: true });
    else if (session.isSuccess && !paid) void navigate(unpaidTo, { replace: true });
  }, [settled, session.isError, session.isSuccess, user, paid, navigate, unpaidTo, errorTo]);

  if (!paid) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label={checkingLabel} />
      </div>
    );
  }
  return children;
}
