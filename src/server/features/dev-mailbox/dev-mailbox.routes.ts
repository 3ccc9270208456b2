import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { FIELD_MAX } from '#shared/limits';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { listOutbox, OUTBOX_LIST_MAX_LIMIT } from '../../integrations/mail/outbox-mailer';

const addressFilter = z
  .string()
  .trim()
  .max(FIELD_MAX.email, { error: `Enter at most ${FIELD_MAX.email} characters.` });

const mailboxQuery = z.object({
  /** The whole address, ignoring case. */
  to: addressFilter.optional(),
  /** Part of the address, ignoring case (the page's filter box). */
  toContains: addressFilter.optional(),
  limit: z.coerce
    .number({ error: `Enter a whole number from 1 to ${OUTBOX_LIST_MAX_LIMIT}.` })
    .int({ error: `Enter a whole number from 1 to ${OUTBOX_LIST_MAX_LIMIT}.` })
    .min(1, { error: `Enter a whole number from 1 to ${OUTBOX_LIST_MAX_LIMIT}.` })
    .max(OUTBOX_LIST_MAX_LIMIT, {
      error: `Enter a whole number from 1 to ${OUTBOX_LIST_MAX_LIMIT}.`,
    })
    .optional(),
});

/**
 * GET / (mounted at /api/dev/mailbox): the mails in the local outbox, newest first. Only for the
 * outbox mailer outside production: the mails hold one-time codes for any address.
 */
export function devMailboxRoutes(database: Database) {
  return new Hono().get(
    '/',
    zValidator('query', mailboxQuery, (result) => {
      if (result.success) return;
      const fields: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'query');
        fields[field] ??= issue.message;
      }
      throw new AppError('invalid_input', 'Check the mailbox filter.', fields);
    }),
    async (c) => {
      const { to, toContains, limit } = c.req.valid('query');
      const rows = await listOutbox(database, {
        to: to || undefined,
        toContains: toContains || undefined,
        limit,
      });
      c.header('Cache-Control', 'no-store');
      return c.json({
        mails: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          createdAt: row.createdAt.toISOString(),
        })),
      });
    },
  );
}

/**
 * The mailbox shows every one-time code, so it exists only on a developer's machine: outside
 * production, with the outbox, and with a local PUBLIC_URL. A deployment that forgot NODE_ENV
 * still sets its public address (or gets a 404 here).
 */
export function devMailboxAllowed(options: {
  production: boolean;
  mailerKind: 'outbox' | 'smtp';
  publicUrl: string;
}): boolean {
  const host = new URL(options.publicUrl).hostname;
  const local =
    host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
  return !options.production && options.mailerKind === 'outbox' && local;
}
