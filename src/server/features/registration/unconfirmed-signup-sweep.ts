import { and, eq, lt } from 'drizzle-orm';
import { UNCONFIRMED_SIGNUP } from '#shared/limits';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { describeForLog } from '../../lib/errors';
import type { Logger } from '../../lib/logger';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the sign-ups nobody confirmed within a week (issue 13): an address someone typed by
 * mistake, or a stranger's, should not stay with us. Their answers and codes go with them (foreign
 * keys cascade). A sign-up that replaced another counts from its own time. Returns how many.
 */
export async function removeUnconfirmedSignups(database: Database, now = new Date()) {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_SIGNUP.keptDays * DAY_MS);
  const removed = await database.db
    .delete(users)
    .where(and(eq(users.emailVerified, false), eq(users.role, 'user'), lt(users.createdAt, cutoff)))
    .returning({ id: users.id });
  return removed.length;
}

/**
 * Runs the sweep now and then every hour until `stop`. The timer is unref'd, so it never keeps the
 * process alive; a failed sweep is logged and the next one tries again. Several instances may
 * sweep at once: deleting what is already gone is harmless.
 */
export function startUnconfirmedSignupSweep({
  database,
  logger,
  everyMs = UNCONFIRMED_SIGNUP.sweepEveryMs,
}: {
  database: Database;
  logger: Logger;
  everyMs?: number;
}) {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= removeUnconfirmedSignups(database)
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, 'removed unconfirmed sign-ups older than a week');
      })
      .catch((error: unknown) =>
        logger.warn({ err: describeForLog(error) }, 'could not remove old unconfirmed sign-ups'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return {
    /** Stops the timer and waits for a sweep in progress, so the database can close after it. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
