import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

export type { Mailer, OutgoingMail } from './mailer';
export { createOutboxMailer, listOutbox, type OutboxMail } from './outbox-mailer';
export { createSmtpMailer } from './smtp-mailer';
export { confirmEmailUrl, otpMail } from './templates/otp-mail';

/**
 * The mailer for this process, picked once at start (decisions.md section 3): SMTP when
 * SMTP_URL is set, otherwise the local outbox.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  database: Database;
  logger: Logger;
  /** Outbox only: where each mail is printed (the console by default; tests may pass a no-op). */
  print?: (block: string) => void;
}): Mailer {
  const { smtpUrl, from, database, logger, print } = options;
  if (smtpUrl) return createSmtpMailer({ url: smtpUrl, from, logger });
  return createOutboxMailer({ database, logger, from, print });
}
