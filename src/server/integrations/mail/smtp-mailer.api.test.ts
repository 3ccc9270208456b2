import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { createMailer } from './index';
import type { Mailer } from './mailer';
import { createSmtpMailer } from './smtp-mailer';
import { confirmEmailUrl, OTP_MAIL_SUBJECT, otpMail } from './templates/otp-mail';

/** What the SMTP server received: the envelope, who logged in, and the parsed message. */
type Received = { rcptTo: string[]; mailFrom: string | undefined; user?: string; mail: ParsedMail };

const received: Received[] = [];
let server: SMTPServer;
let port: number;
const mailers: Mailer[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret-pass') {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            rcptTo: session.envelope.rcptTo.map((address) => address.address),
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            user: typeof session.user === 'string' ? session.user : undefined,
            mail,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  port = await new Promise<number>((resolve) => {
    const listening = server.listen(0, '127.0.0.1', () =>
      resolve((listening.address() as AddressInfo).port),
    );
  });
});

afterEach(async () => {
  await Promise.all(mailers.splice(0).map((mailer) => mailer.close()));
  received.length = 0;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function smtpMailer(url: string, timeoutMs?: number) {
  const logs = captureLogs();
  const mailer = createSmtpMailer({
    url,
    from: 'StarPrep <no-reply@starprep.test>',
    logger: logs.logger,
    timeoutMs,
  });
  mailers.push(mailer);
  return { mailer, logs };
}

const to = 'ada.lovelace@example.com';
const otp = otpMail({
  to,
  code: '482913',
  confirmUrl: confirmEmailUrl('https://starprep.test', to),
});

describe('createSmtpMailer', () => {
  it('delivers the OTP mail with a text and an HTML part', async () => {
    const { mailer, logs } = smtpMailer(`smtp://127.0.0.1:${port}`);
    expect(mailer.kind).toBe('smtp');
    await mailer.send(otp);

    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery?.rcptTo).toEqual([to]);
    expect(delivery?.mailFrom).toBe('no-reply@starprep.test');
    const mail = delivery!.mail;
    expect(mail.subject).toBe(OTP_MAIL_SUBJECT);
    expect(mail.from?.value).toEqual([{ address: 'no-reply@starprep.test', name: 'StarPrep' }]);
    expect(mail.text).toBeTruthy();
    expect(mail.html).toEqual(expect.stringContaining('Confirm my e-mail'));
    expect(mail.html).toEqual(
      expect.stringContaining(
        'https://starprep.test/confirm-email?email=ada.lovelace%40example.com',
      ),
    );

    // What a person (or an end-to-end test) does: read the 6-digit code from the text part.
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
    expect(code).toBe('482913');

    expect(logs.lines).toEqual([
      expect.objectContaining({
        msg: 'mail sent over SMTP',
        mail: expect.objectContaining({ toDomain: 'example.com' }),
      }),
    ]);
    expect(logs.raw.join('\n')).not.toContain('482913');
  });

  it('logs in with the credentials of the URL and never logs the URL', async () => {
    const { mailer, logs } = smtpMailer(`smtp://mailer:s3cret-pass@127.0.0.1:${port}`);
    await mailer.send(otp);
    expect(received[0]?.user).toBe('mailer');

    const wrong = smtpMailer(`smtp://mailer:wrong-pass@127.0.0.1:${port}`);
    await expect(wrong.mailer.send(otp)).rejects.toThrow();
    const everything = [...logs.raw, ...wrong.logs.raw].join('\n');
    expect(everything).not.toContain('s3cret-pass');
    expect(everything).not.toContain('wrong-pass');
    expect(everything).not.toContain('ada.lovelace');
    expect(wrong.logs.lines).toEqual([
      expect.objectContaining({
        msg: 'mail could not be sent over SMTP',
        code: 'EAUTH',
        responseCode: 535,
      }),
    ]);
  });

  it('is what createMailer picks when an SMTP URL is set', async () => {
    const database: Database = await createTestDatabase();
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'StarPrep <no-reply@starprep.test>',
        database,
        logger: captureLogs().logger,
      });
      mailers.push(mailer);
      expect(mailer.kind).toBe('smtp');
      await mailer.send(otp);
      expect(received.map((delivery) => delivery.rcptTo)).toEqual([[to]]);
    } finally {
      await database.close();
    }
  });
});

describe('a server that cannot take the mail', () => {
  it('rejects at once when nothing listens on the port', async () => {
    const closedPort = await freePort();
    const { mailer, logs } = smtpMailer(`smtp://127.0.0.1:${closedPort}`, 1_000);
    const started = Date.now();
    await expect(mailer.send(otp)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(logs.lines[0]).toMatchObject({ msg: 'mail could not be sent over SMTP' });
  });

  it('rejects within the timeout when the server never greets', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    const silentPort = await new Promise<number>((resolve) =>
      silent.listen(0, '127.0.0.1', () => resolve((silent.address() as AddressInfo).port)),
    );
    try {
      const { mailer } = smtpMailer(`smtp://127.0.0.1:${silentPort}`, 300);
      const started = Date.now();
      await expect(mailer.send(otp)).rejects.toThrow(/greeting|timeout/i);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

/** A port that was free a moment ago: listen on port 0, note the port, close. */
async function freePort(): Promise<number> {
  const probe = createServer();
  const found = await new Promise<number>((resolve) =>
    probe.listen(0, '127.0.0.1', () => resolve((probe.address() as AddressInfo).port)),
  );
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return found;
}
