import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { destinationOf } from './destination';
import { useSession } from './session';

/**
 * Spec section 2: a signed-in visitor of the login, registration or confirmation page goes where
 * they belong (the dashboard after a completed payment, otherwise the payment step; an admin the
 * admin dashboard).
 * Returns true while that is being decided or done, so the page can hold its form back.
 */
export function useRedirectSignedIn(enabled = true): boolean {
  const session = useSession();
  const navigate = useNavigate();
  const destination = session.data?.user
    ? destinationOf(session.data.user, session.data.redirectTo)
    : undefined;
  useEffect(() => {
    if (enabled && destination) void navigate(destination, { replace: true });
  }, [enabled, destination, navigate]);
  return session.isPending || (enabled && destination !== undefined);
}
