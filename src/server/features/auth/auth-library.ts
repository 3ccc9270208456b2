import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import { FIELD_MAX } from '#shared/limits';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { hashPassword, verifyPassword } from '../../lib/password-hashing';
import { confirmedSignIn } from './confirmed-sign-in';

export type AuthOptions = {
  database: Database;
  logger: Logger;
  /** The address students open; links in mails point here and it is the trusted origin. */
  publicUrl: string;
  secret: string;
  production: boolean;
};

/** A signed-in session lives a week and is renewed (moved forward) at most once a day of use. */
const SESSION_SECONDS = 7 * 24 * 60 * 60;
const SESSION_RENEW_AFTER_SECONDS = 24 * 60 * 60;

/**
 * better-auth, configured strictly (architecture.md section 1): e-mail and password with
 * Argon2id, a confirmed e-mail before any sign-in (registration's own codes confirm it),
 * server-side sessions in an HttpOnly cookie. Its HTTP handler is not mounted: our own routes
 * call `auth.api` so that the spec's rules, messages and rate limits come first.
 */
export function createAuth(options: AuthOptions) {
  const { database, logger } = options;
  return betterAuth({
    appName: 'StarPrep',
    baseURL: options.publicUrl,
    secret: options.secret,
    trustedOrigins: [options.publicUrl],
    database: drizzleAdapter(database.db, { provider: 'pg', schema, usePlural: true }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: FIELD_MAX.password,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    session: {
      expiresIn: SESSION_SECONDS,
      updateAge: SESSION_RENEW_AFTER_SECONDS,
      // Every request reads the session row, so Sign Out ends it everywhere at once.
      cookieCache: { enabled: false },
    },
    // Our routes enforce the spec's limits (lib/rate-limit) before calling better-auth.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'starprep',
      useSecureCookies: options.production,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    plugins: [
      // Confirmation codes are registration's own (signup-codes.ts), bound to one account; this
      // signs the account in once its code is confirmed.
      confirmedSignIn(),
      admin(),
    ],
    logger: {
      level: 'warn',
      log: (level, message) => {
        // better-auth's own messages may name an e-mail address: keep them out of info logs.
        if (level === 'error') logger.error({ source: 'better-auth' }, message);
        else logger.warn({ source: 'better-auth' }, message);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
