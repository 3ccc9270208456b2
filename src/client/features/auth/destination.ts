// Types only: the contract module carries zod, which must stay out of the first page's bundle.
import type { SessionUser } from '#shared/contracts/auth';
import { paths } from '#shared/routes';

/**
 * Where a signed-in user belongs: an admin on the admin dashboard, whatever the server's
 * `redirectTo` says (that one follows a student's payment: the dashboard or the payment step).
 */
export function destinationOf(user: Pick<SessionUser, 'role'>, redirectTo: string): string {
  return user.role === 'admin' ? paths.adminDashboard : redirectTo;
}
