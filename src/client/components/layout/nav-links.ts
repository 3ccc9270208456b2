// Types only: the contract module carries zod, which must stay out of the first page's bundle.
import type { SessionUser } from '#shared/contracts/auth';
import { paths } from '#shared/routes';
import { buttonVariants } from '../ui/button-styles';

export type NavBarLink = { to: string; label: string; style: string };

const signedOutLinks: NavBarLink[] = [
  { to: paths.login, label: 'Login', style: buttonVariants.ghost },
  { to: paths.examRegistration, label: 'Register', style: buttonVariants.primary },
];
const studentLinks: NavBarLink[] = [
  { to: paths.profile, label: 'Profile', style: buttonVariants.ghost },
  { to: paths.dashboard, label: 'Dashboard', style: buttonVariants.ghost },
];
/** An admin has no student profile or dashboard: only the admin portal. */
const adminLinks: NavBarLink[] = [
  { to: paths.adminDashboard, label: 'Admin Dashboard', style: buttonVariants.ghost },
];

/** The bar's links for who is signed in (Sign Out is added for anyone signed in). */
export function navLinksFor(user: Pick<SessionUser, 'role'> | null | undefined): NavBarLink[] {
  if (!user) return signedOutLinks;
  return user.role === 'admin' ? adminLinks : studentLinks;
}
