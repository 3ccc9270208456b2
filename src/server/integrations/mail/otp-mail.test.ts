import { describe, expect, it } from 'vitest';
import {
  OTP_MAIL_SUBJECT,
  OTP_VALID_MINUTES,
  REPLACED_SIGNUP_WARNING,
  confirmEmailUrl,
  escapeHtml,
  otpMail,
} from './templates/otp-mail';

const publicUrl = 'https://starprep.example';

describe('confirmEmailUrl', () => {
  it('opens the confirm page with the address encoded', () => {
    expect(confirmEmailUrl(publicUrl, 'ada+exam@example.com')).toBe(
      'https://starprep.example/confirm-email?email=ada%2Bexam%40example.com',
    );
  });

  it('does not double a trailing slash of the public URL', () => {
    expect(confirmEmailUrl('http://localhost:3000/', 'a@b.co')).toBe(
      'http://localhost:3000/confirm-email?email=a%40b.co',
    );
  });
});

describe('otpMail', () => {
  const to = 'ada@example.com';
  const confirmUrl = confirmEmailUrl(publicUrl, to);
  const mail = otpMail({ to, code: '123456', confirmUrl });

  it('is addressed to the user, with the code kept out of the subject', () => {
    expect(mail.to).toBe(to);
    expect(mail.subject).toBe(OTP_MAIL_SUBJECT);
    expect(mail.subject).not.toContain('123456');
  });

  it('warns, in both parts, when its sign-up replaced an earlier one, and only then', () => {
    expect(mail.text).not.toContain(REPLACED_SIGNUP_WARNING);
    expect(mail.html).not.toContain('registered again');
    const replacing = otpMail({ to, code: '123456', confirmUrl, replacedEarlier: true });
    expect(replacing.text.split('\n')[0]).toBe('Your StarPrep confirmation code is: 123456');
    expect(replacing.text).toContain(REPLACED_SIGNUP_WARNING);
    expect(replacing.html).toContain(escapeHtml(REPLACED_SIGNUP_WARNING));
  });

  it('puts the code first in the text part, with the link and the validity note', () => {
    expect(mail.text.split('\n')[0]).toBe('Your StarPrep confirmation code is: 123456');
    expect(mail.text).toContain(confirmUrl);
    expect(mail.text).toContain(
      `The code is valid for ${OTP_VALID_MINUTES} minutes. If you did not register at StarPrep, ignore this e-mail.`,
    );
  });

  it('shows the code and a Confirm my e-mail button in the HTML part', () => {
    expect(mail.html).toContain('>123456</b>');
    expect(mail.html).toContain(`<a href="${confirmUrl}"`);
    expect(mail.html).toContain('Confirm my e-mail');
    expect(mail.html).toContain('The code is valid for 10 minutes.');
    expect(mail.html).toMatch(/^<!doctype html>/);
  });

  it('escapes a hostile address everywhere in the HTML part', () => {
    const hostile = '"<script>alert(1)</script>"@x.com';
    const url = confirmEmailUrl(publicUrl, hostile);
    const html = otpMail({ to: hostile, code: '654321', confirmUrl: url }).html;
    expect(html).not.toContain('<script');
    expect(html).toContain('&quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;@x.com');
    // The link carries the address percent-encoded, so it cannot end the attribute.
    expect(html).toContain(`href="${url}"`);
    expect(url).not.toMatch(/["<>]/);
  });

  it('escapes an address in the link that was not encoded', () => {
    const html = otpMail({
      to: 'a@x.com',
      code: '111111',
      confirmUrl: 'https://x.test/confirm-email?email=a"onmouseover="alert(1)',
    }).html;
    expect(html).not.toContain('"onmouseover="');
    expect(html).toContain('a&quot;onmouseover=&quot;alert(1)');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => otpMail({ to, code: '1', confirmUrl: 'javascript:alert(1)' })).toThrow(/http/);
    expect(() => otpMail({ to, code: '1', confirmUrl: '/confirm-email' })).toThrow(/absolute/);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
