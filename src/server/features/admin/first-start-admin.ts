import { ZodError } from 'zod';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { Auth } from '../auth/auth-library';
import { ensureFirstStartAdmin } from './admin-accounts.service';

/**
 * Runs at every start (decisions.md section 1). A generated development password goes to the
 * console once, never to the log files or a page; the next start finds the admin and prints
 * nothing. A bad ADMIN_PASSWORD is reported without stopping the students' server.
 */
export async function createFirstStartAdmin(
  deps: { auth: Auth; database: Database },
  env: Pick<Env, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
  production: boolean,
): Promise<void> {
  try {
    const admin = await ensureFirstStartAdmin(deps, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      production,
    });
    if (admin.kind === 'configured' && admin.outcome !== 'exists') {
      console.log(`Admin account ${admin.email} ${admin.outcome} from ADMIN_EMAIL.`);
    }
    if (admin.kind === 'generated') {
      console.log(
        [
          '',
          'No admin account yet, so a development one was made (shown only this once):',
          `  Admin login: /admin/login   e-mail: ${admin.email}   password: ${admin.password}`,
          'Make your own with `npm run admin:create`. Production never makes one by itself.',
          '',
        ].join('\n'),
      );
    }
  } catch (error) {
    const reason =
      error instanceof ZodError ? error.issues.map((issue) => issue.message).join(' ') : error;
    console.error('Could not create the admin from ADMIN_EMAIL / ADMIN_PASSWORD:', reason);
  }
}
