import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

/**
 * Signs in the account whose e-mail a confirmation code has just confirmed (registration's
 * signup-codes.ts checks the code; better-auth's own code check is keyed by e-mail address, which
 * is what let one sign-up's code confirm another's password). Server-only: no request can reach
 * it, and it refuses an account whose e-mail is not confirmed.
 */
export function confirmedSignIn() {
  return {
    id: 'confirmed-sign-in',
    endpoints: {
      signInConfirmedUser: createAuthEndpoint.serverOnly(
        { method: 'POST', body: z.object({ userId: z.string().min(1) }) },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user?.emailVerified) throw new APIError('BAD_REQUEST', { code: 'NOT_CONFIRMED' });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ token: session.token, user });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
