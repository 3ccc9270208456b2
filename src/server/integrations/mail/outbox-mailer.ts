import { and, desc, ilike, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxMails } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { recipientDomain, type Mailer, type OutgoingMail } from './mailer';

export type OutboxMail = typeof outboxMails.$inferSelect;

export const OUTBOX_LIST_DEFAULT_LIMIT = 50;
export const OUTBOX_LIST_MAX_LIMIT = 200;

/** The console shows at most this much of a mail's text part. */
const PRINTED_TEXT_MAX_CHARS = 2_000;

export type OutboxMailerOptions = {
  database: Database;
  logger: Logger;
  /** The sender, as SMTP would use it; printed with each mail (the table keeps no sender). */
  from: string;
  /** Where each mail is printed; the console by default. */
  print?: (block: string) => void;
};

/**
 * The default mailer (decisions.md section 3): nothing leaves the machine. Each mail is stored in
 * outbox_mails, where the development mailbox page and the tests read it, and printed on the
 * console so a developer sees the code without opening anything. The JSON log gets one line
 * without the body, since a mail may hold a secret (a one-time code, a link).
 */
export function createOutboxMailer(options: OutboxMailerOptions): Mailer {
  const { database, logger, from } = options;
  const print = options.print ?? ((block: string) => console.log(block));
  return {
    kind: 'outbox',
    async send(mail: OutgoingMail) {
      const [stored] = await database.db
        .insert(outboxMails)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        .returning({ id: outboxMails.id });
      print(formatForConsole(from, mail));
      logger.info(
        { mail: { id: stored?.id, toDomain: recipientDomain(mail.to), subject: mail.subject } },
        'mail stored in the outbox',
      );
    },
    async close() {},
  };
}

/** Mails in the outbox, newest first; `to` matches the whole address, ignoring case. */
export async function listOutbox(
  database: Database,
  options: {
    to?: string;
    /** Part of the address, ignoring case (the development mailbox's filter box). */
    toContains?: string;
    limit?: number;
  } = {},
): Promise<OutboxMail[]> {
  const conditions: SQL[] = [];
  if (options.to !== undefined) {
    conditions.push(sql`lower(${outboxMails.to}) = lower(${options.to})`);
  }
  if (options.toContains) {
    conditions.push(ilike(outboxMails.to, `%${escapeLikePattern(options.toContains)}%`));
  }
  const limit = clampLimit(options.limit);
  return database.db
    .select()
    .from(outboxMails)
    .where(and(...conditions))
    .orderBy(desc(outboxMails.createdAt), desc(outboxMails.id))
    .limit(limit);
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return OUTBOX_LIST_DEFAULT_LIMIT;
  return Math.min(OUTBOX_LIST_MAX_LIMIT, Math.max(1, Math.trunc(limit)));
}

/** LIKE treats % and _ as wildcards and \ as their escape; a filter means them literally. */
function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * A short block for the console. Control characters are dropped (keeping line breaks and tabs in
 * the text), so an address or subject cannot move the cursor or recolour the terminal.
 */
export function formatForConsole(from: string, mail: OutgoingMail): string {
  const text = withoutControlCharacters(mail.text.replace(/\r\n?/g, '\n'), true).trim();
  const shown =
    text.length > PRINTED_TEXT_MAX_CHARS
      ? `${text.slice(0, PRINTED_TEXT_MAX_CHARS)}\n[... ${text.length - PRINTED_TEXT_MAX_CHARS} more characters]`
      : text;
  const rule = '-'.repeat(72);
  return [
    `${rule}`,
    `Mail kept in the outbox (set SMTP_URL to send mail)`,
    `From:    ${withoutControlCharacters(from, false)}`,
    `To:      ${withoutControlCharacters(mail.to, false)}`,
    `Subject: ${withoutControlCharacters(mail.subject, false)}`,
    '',
    shown,
    rule,
  ].join('\n');
}

/* eslint-disable no-control-regex -- matching control characters is the point */
/** C0 controls, DEL and C1 controls. */
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/g;
/** The same, except tab and line feed. */
const controlCharactersButLineBreaks = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex */

function withoutControlCharacters(text: string, keepLineBreaks: boolean): string {
  return keepLineBreaks
    ? text.replace(controlCharactersButLineBreaks, '')
    : text.replace(controlCharacters, ' ');
}
