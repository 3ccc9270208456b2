import type { Transporter } from 'nodemailer';
import type { Logger } from '../../lib/logger';
import { recipientDomain, type Mailer, type OutgoingMail } from './mailer';

/** How long a connection, the server's greeting and a quiet socket may take before send fails. */
export const SMTP_TIMEOUT_MS = 10_000;

export type SmtpMailerOptions = {
  /** smtp:// or smtps://, possibly with user:password. Never logged. */
  url: string;
  /** The sender, e.g. `StarPrep <no-reply@example.com>` (MAIL_FROM). */
  from: string;
  logger: Logger;
  /** Overrides SMTP_TIMEOUT_MS for the connection, greeting and socket timeouts (tests). */
  timeoutMs?: number;
};

/**
 * The production mailer (decisions.md section 3): each mail goes to the SMTP server of SMTP_URL,
 * on its own connection (a few mails a minute do not need a pool). A server that is down or
 * silent makes send reject within the timeouts instead of holding the request.
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const { from, logger } = options;
  const timeoutMs = options.timeoutMs ?? SMTP_TIMEOUT_MS;
  // nodemailer is loaded with the first mail: a server on the default outbox never pays its
  // ~15 MB of memory.
  let transport: Promise<Transporter> | undefined;
  const openTransport = () =>
    (transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({
        url: options.url,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        // Closing the socket after QUIT must not add its own wait to a failed send.
        socketCloseTimeout: Math.min(timeoutMs, 5_000),
      }),
    ));

  return {
    kind: 'smtp',
    async send(mail: OutgoingMail) {
      const toDomain = recipientDomain(mail.to);
      try {
        const info = await (
          await openTransport()
        ).sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        logger.info({ mail: { toDomain, messageId: info.messageId } }, 'mail sent over SMTP');
      } catch (error) {
        // Only what identifies the failure: no address, no URL, no server text that may echo it.
        const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
        logger.warn(
          {
            mail: { toDomain },
            ...(typeof code === 'string' && { code }),
            ...(typeof responseCode === 'number' && { responseCode }),
          },
          'mail could not be sent over SMTP',
        );
        throw error;
      }
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}
