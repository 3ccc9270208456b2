import type { SessionUser } from '#shared/contracts/auth';
import { USER_ROLES, type UserRole } from '#shared/enums';

/** The part of better-auth's user the browser may see. */
export function toSessionUser(user: {
  id: string;
  email: string;
  name: string;
  role?: string | null;
}): SessionUser {
  const role: UserRole = (USER_ROLES as readonly string[]).includes(user.role ?? '')
    ? (user.role as UserRole)
    : 'user';
  return { id: user.id, email: user.email, name: user.name, role };
}
