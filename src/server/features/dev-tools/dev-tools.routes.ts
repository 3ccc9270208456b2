import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { examRegistrations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../lib/auth-guards';
import { jsonBody } from '../../lib/validate';
import type { Auth } from '../auth/auth-library';

const examDateSchema = z.object({
  registrationId: z.uuid({ error: 'Give the id of one of your registrations.' }),
  examDate: z.iso.date({ error: 'Give a date as YYYY-MM-DD.' }),
});

/**
 * Development-only tools, mounted at /api/dev/tools under the same conditions as the development
 * mailbox (never in production, only on a local address). POST /exam-date moves one of the
 * signed-in student's exam dates anywhere, past included, so the after-the-exam screens (Study
 * Tools Inactive, Submit Exam Result) can be tried and tested without waiting for the date.
 */
export function devToolsRoutes(deps: { auth: Auth; database: Database }) {
  return new Hono().post(
    '/exam-date',
    requireUser(deps.auth, deps.database),
    jsonBody(examDateSchema),
    async (c) => {
      const { registrationId, examDate } = c.req.valid('json');
      const [moved] = await deps.database.db
        .update(examRegistrations)
        .set({ examDate })
        .where(
          and(
            eq(examRegistrations.id, registrationId),
            eq(examRegistrations.userId, c.get('user').id),
          ),
        )
        .returning({ id: examRegistrations.id, examDate: examRegistrations.examDate });
      if (!moved) throw new AppError('not_found', 'This exam registration was not found.');
      return c.json(moved);
    },
  );
}
