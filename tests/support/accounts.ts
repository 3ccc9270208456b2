import type { RegistrationForm } from '../../src/shared/contracts/registration';
import type { Database } from '../../src/server/db/client';
import { listOutbox } from '../../src/server/integrations/mail';
import { TEST_ORIGIN } from './test-app';

type AppLike = {
  request: (path: string, init?: RequestInit, env?: object) => Response | Promise<Response>;
};

let addressCounter = 0;
/**
 * What @hono/node-server hands the app for a real connection: the client's socket. Each call gets
 * its own address unless one is given, so the per-IP sign-up cap only meets the tests about it.
 */
export function fromAddress(remoteAddress?: string) {
  addressCounter += 1;
  const address =
    remoteAddress ??
    `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
  return { incoming: { socket: { remoteAddress: address } } };
}

let counter = 0;
/** A unique, valid e-mail address per call, so tests in one file never collide. */
export function uniqueEmail(name = 'student') {
  counter += 1;
  return `${name}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** A form that passes every rule; a test changes only what it is about. */
export function validRegistration(overrides: Partial<RegistrationForm> = {}): RegistrationForm {
  return {
    examCategory: 'legal',
    customExamCategory: '',
    examType: 'Bar Exam',
    customExamType: '',
    country: 'United States',
    examState: 'New York',
    examDate: `${new Date().getUTCFullYear() + 1}-06-15`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail(),
    password: 'Analytical1843',
    phone: '+1 (555) 010-2030',
    address: '12 Engine Street',
    city: 'Albany',
    state: 'NY',
    zipCode: '12207',
    educationLevel: "Bachelor's Degree",
    ...overrides,
  };
}

/** A JSON POST as the browser sends it: same-origin, with the cookies given. */
export function postJson(
  app: AppLike,
  path: string,
  body: unknown,
  cookie?: string,
  remoteAddress?: string,
) {
  return app.request(
    path,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: TEST_ORIGIN,
        ...(cookie && { Cookie: cookie }),
      },
      body: JSON.stringify(body),
    },
    fromAddress(remoteAddress),
  );
}

/** The newest confirmation code mailed to `email`, read from the outbox like a student would. */
export async function latestCode(database: Database, email: string): Promise<string> {
  const [mail] = await listOutbox(database, { to: email, limit: 1 });
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no confirmation code was mailed to ${email}`);
  return code;
}

/** The Cookie header a browser would send back after this response. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Registers and confirms a student; returns the session cookie, the user id and the form used. */
export async function confirmedStudent(
  app: AppLike,
  database: Database,
  overrides: Partial<RegistrationForm> = {},
) {
  const form = validRegistration(overrides);
  const registered = await postJson(app, '/api/registration', form);
  if (registered.status !== 201) throw new Error(`sign-up failed: ${await registered.text()}`);
  const code = await latestCode(database, form.email);
  const confirmed = await postJson(app, '/api/registration/confirm', {
    email: form.email,
    otp: code,
  });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${await confirmed.text()}`);
  const { user } = (await confirmed.json()) as { user: { id: string } };
  return { form, cookie: cookieFrom(confirmed), userId: user.id };
}
