import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureLogs } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { outboxMails } from '../../db/schema';
import { createMailer } from './index';
import type { OutgoingMail } from './mailer';
import { createOutboxMailer, formatForConsole, listOutbox } from './outbox-mailer';
import { confirmEmailUrl, otpMail } from './templates/otp-mail';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(outboxMails);
});

const from = 'StarPrep <no-reply@starprep.local>';

function mail(to: string, subject: string): OutgoingMail {
  return { to, subject, text: `text of ${subject}`, html: `<p>${subject}</p>` };
}

function outbox() {
  const printed: string[] = [];
  const logs = captureLogs();
  const mailer = createOutboxMailer({
    database,
    logger: logs.logger,
    from,
    print: (block) => printed.push(block),
  });
  return { mailer, printed, logs };
}

describe('createOutboxMailer', () => {
  it('stores the mail, prints it, and logs no body', async () => {
    const { mailer, printed, logs } = outbox();
    const otp = otpMail({
      to: 'Ada@Example.com',
      code: '482913',
      confirmUrl: confirmEmailUrl('http://localhost:3000', 'Ada@Example.com'),
    });
    await mailer.send(otp);

    const [stored] = await listOutbox(database);
    expect(stored).toMatchObject({
      to: otp.to,
      subject: otp.subject,
      text: otp.text,
      html: otp.html,
    });
    expect(stored?.createdAt).toBeInstanceOf(Date);

    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('To:      Ada@Example.com');
    expect(printed[0]).toContain(`Subject: ${otp.subject}`);
    expect(printed[0]).toContain('Your StarPrep confirmation code is: 482913');

    expect(logs.raw.join('\n')).not.toContain('482913');
    expect(logs.raw.join('\n')).not.toContain('Ada@');
    expect(logs.lines).toEqual([
      expect.objectContaining({
        msg: 'mail stored in the outbox',
        mail: { id: stored?.id, toDomain: 'example.com', subject: otp.subject },
      }),
    ]);
  });

  it('is what createMailer picks without an SMTP URL', async () => {
    const mailer = createMailer({ from, database, logger: captureLogs().logger });
    expect(mailer.kind).toBe('outbox');
    await mailer.close();
  });
});

describe('listOutbox', () => {
  it('lists newest first', async () => {
    const { mailer } = outbox();
    for (const subject of ['first', 'second', 'third']) {
      await mailer.send(mail('ada@example.com', subject));
    }
    const subjects = (await listOutbox(database)).map((row) => row.subject);
    expect(subjects).toEqual(['third', 'second', 'first']);
  });

  it('filters by the whole address, ignoring case', async () => {
    const { mailer } = outbox();
    await mailer.send(mail('Ada@Example.com', 'for ada'));
    await mailer.send(mail('bob@example.com', 'for bob'));
    await mailer.send(mail('ada@example.com.evil', 'look-alike'));

    const forAda = await listOutbox(database, { to: 'ADA@example.COM' });
    expect(forAda.map((row) => row.subject)).toEqual(['for ada']);
    expect(await listOutbox(database, { to: 'nobody@example.com' })).toEqual([]);
  });

  it('filters by part of the address, ignoring case, with % and _ taken literally', async () => {
    const { mailer } = outbox();
    await mailer.send(mail('ada_1@example.com', 'underscore'));
    await mailer.send(mail('adax1@example.com', 'x'));
    await mailer.send(mail('BOB@example.com', 'bob'));

    expect((await listOutbox(database, { toContains: 'ADA_' })).map((r) => r.subject)).toEqual([
      'underscore',
    ]);
    expect((await listOutbox(database, { toContains: 'bob@' })).map((r) => r.subject)).toEqual([
      'bob',
    ]);
    expect(await listOutbox(database, { toContains: '%' })).toEqual([]);
  });

  it('returns at most limit mails, 50 by default and never more than 200', async () => {
    await database.db.insert(outboxMails).values(
      Array.from({ length: 205 }, (_, index) => ({
        ...mail('many@example.com', `mail ${index}`),
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
      })),
    );
    const newestThree = await listOutbox(database, { limit: 3 });
    expect(newestThree.map((row) => row.subject)).toEqual(['mail 204', 'mail 203', 'mail 202']);
    expect(await listOutbox(database)).toHaveLength(50);
    expect(await listOutbox(database, { limit: 1_000 })).toHaveLength(200);
    expect(await listOutbox(database, { limit: 0 })).toHaveLength(1);
  });
});

describe('formatForConsole', () => {
  it('drops control characters that could rewrite the terminal', () => {
    const block = formatForConsole(from, {
      to: 'a\u001b[2J@x.com',
      subject: 'line\nbreak',
      text: 'code\u001b[31m red\nnext line',
      html: '',
    });
    expect(block).not.toContain('\u001b');
    expect(block).toContain('Subject: line break');
    expect(block).toContain('code[31m red\nnext line');
  });

  it('shortens a long text part', () => {
    const block = formatForConsole(from, {
      to: 'a@x.com',
      subject: 's',
      text: 'x'.repeat(5_000),
      html: '',
    });
    expect(block).toContain('[... 3000 more characters]');
    expect(block.length).toBeLessThan(2_500);
  });
});
