import { OTP } from '#shared/limits';
import { paths } from '#shared/routes';
import type { OutgoingMail } from '../mailer';

/** How long a code is valid, as the mail states it (decisions.md section 2: 10 minutes). */
export const OTP_VALID_MINUTES = Math.round(OTP.validSeconds / 60);

/**
 * The subject stays free of the code: subjects end up in logs (ours and the mail provider's) and
 * on lock screens. The code is the first thing in both bodies instead.
 */
export const OTP_MAIL_SUBJECT = 'Your StarPrep confirmation code';

/** The link in the mail: the confirm page with the address filled in. */
export function confirmEmailUrl(publicUrl: string, email: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${paths.confirmEmail}?email=${encodeURIComponent(email)}`;
}

/**
 * The warning in a code mail for a sign-up that replaced an unconfirmed one of the same address
 * (issue 13): the owner's own code died with their sign-up, and this code would confirm the other
 * sign-up's password.
 */
export const REPLACED_SIGNUP_WARNING =
  'This address was registered again, which cancelled the code sent before. This code confirms the newer registration and its password. If you did not register again just now, do not use this code: register again yourself instead.';

/** The mail with the one-time code that confirms a new account's e-mail address. */
export function otpMail(input: {
  to: string;
  code: string;
  confirmUrl: string;
  replacedEarlier?: boolean;
}): OutgoingMail {
  const { to, code, confirmUrl } = input;
  assertWebUrl(confirmUrl);
  const note = `The code is valid for ${OTP_VALID_MINUTES} minutes. If you did not register at StarPrep, ignore this e-mail.`;
  const warning = input.replacedEarlier ? REPLACED_SIGNUP_WARNING : undefined;

  const text = [
    `Your StarPrep confirmation code is: ${code}`,
    '',
    ...(warning ? [warning, ''] : []),
    `Enter it on the confirmation page to confirm ${to}, or open this link to go there with your e-mail address filled in:`,
    confirmUrl,
    '',
    note,
    '',
    'StarPrep',
  ].join('\n');

  return {
    to,
    subject: OTP_MAIL_SUBJECT,
    text,
    html: otpHtml({ to, code, confirmUrl, note, warning }),
  };
}

/** Text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEntities[character] ?? character);
}

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Only http(s) links go into a mail: a javascript: or data: URL would be a trap. */
function assertWebUrl(url: string) {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error('otpMail: confirmUrl is not an absolute URL');
  }
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new Error('otpMail: confirmUrl must be an http(s) URL');
  }
}

// Mail clients ignore style sheets and classes, so the styles are inline (with bgcolor/align
// attributes as a fallback for clients, and sandboxed previews, that drop inline styles). Dark
// text on light surfaces; every pair meets WCAG AA.
const colors = {
  page: '#f4f2fb',
  card: '#ffffff',
  border: '#e4def5',
  ink: '#1f1a2e',
  muted: '#55506a',
  brand: '#2a1454',
  button: '#6d28d9',
  codeBackground: '#f4f2fb',
  codeBorder: '#d9d1f2',
  warningBackground: '#fff7e6',
  warningBorder: '#b45309',
};
const fontStack = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
const monoStack = "ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono',monospace";

function otpHtml(input: {
  to: string;
  code: string;
  confirmUrl: string;
  note: string;
  warning: string | undefined;
}): string {
  const to = escapeHtml(input.to);
  const code = escapeHtml(input.code);
  const url = escapeHtml(input.confirmUrl);
  const note = escapeHtml(input.note);
  const warning = input.warning
    ? `<p style="margin:12px 0 0;padding:12px;border:1px solid ${colors.warningBorder};border-radius:8px;background-color:${colors.warningBackground};"><strong>${escapeHtml(input.warning)}</strong></p>`
    : '';
  const subject = escapeHtml(OTP_MAIL_SUBJECT);
  const body = `font-family:${fontStack};font-size:16px;line-height:24px;color:${colors.ink};`;

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light">
<title>${subject}</title>
</head>
<body bgcolor="${colors.page}" style="margin:0;padding:0;background-color:${colors.page};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${colors.page}" style="background-color:${colors.page};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${colors.card}" style="max-width:520px;background-color:${colors.card};border:1px solid ${colors.border};border-radius:16px;">
<tr><td style="padding:28px 32px 0;font-family:${fontStack};font-size:20px;line-height:28px;font-weight:700;color:${colors.brand};">StarPrep</td></tr>
<tr><td style="padding:16px 32px 0;${body}">
<h1 style="margin:0 0 8px;font-size:22px;line-height:30px;font-weight:700;color:${colors.ink};">Your confirmation code</h1>
<p style="margin:0;word-break:break-word;overflow-wrap:anywhere;">Enter this code on the confirmation page to confirm <strong>${to}</strong>:</p>
${warning}
</td></tr>
<tr><td align="center" style="padding:20px 32px;">
<div style="display:inline-block;padding:12px 12px 12px 20px;background-color:${colors.codeBackground};border:1px solid ${colors.codeBorder};border-radius:12px;"><b style="font-family:${monoStack};font-size:36px;line-height:44px;font-weight:700;letter-spacing:8px;color:${colors.ink};">${code}</b></div>
</td></tr>
<tr><td align="center" style="padding:0 32px 8px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0">
<tr><td align="center" bgcolor="${colors.button}" style="background-color:${colors.button};border-radius:11px;">
<a href="${url}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 24px;font-family:${fontStack};font-size:16px;line-height:24px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:11px;"><font color="#ffffff">Confirm my e-mail</font></a>
</td></tr>
</table>
</td></tr>
<tr><td style="padding:16px 32px 0;font-family:${fontStack};font-size:14px;line-height:20px;color:${colors.muted};">
If the button does not work, copy this address into your browser:<br>
<a href="${url}" target="_blank" rel="noopener" style="color:${colors.button};word-break:break-all;">${url}</a>
</td></tr>
<tr><td style="padding:16px 32px 28px;font-family:${fontStack};font-size:14px;line-height:20px;color:${colors.muted};">${note}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
