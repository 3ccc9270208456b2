/**
 * `npm run admin:create [-- --email you@example.com --password '…']`: creates an admin, or makes
 * an existing account one with this password (decisions.md section 1). Asks for what is not given;
 * the password is typed without echo. Uses the same database as the server (DATABASE_URL, else
 * the embedded one in DATA_DIR, which must not be open in a running server at the same time).
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { ADMIN_PASSWORD_MIN } from '#shared/limits';
import { openDatabase } from './db/client';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock';
import { EnvError, loadEnv } from './env';
import { createAuthFromEnv } from './features/auth/auth-from-env';
import { adminCredentialsSchema, ensureAdmin } from './features/admin/admin-accounts.service';

/** The input ended before an answer (e.g. piped input with one line missing). */
class NoAnswerError extends Error {}

/** Asks for what the arguments did not give, on one readline (piped answers arrive together). */
async function askMissing(given: { email?: string; password?: string }) {
  if (given.email !== undefined && given.password !== undefined) return given;
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  // Lines are read through the iterator, which keeps a line that arrived before it was asked for.
  const lines = prompt[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await lines.next();
    if (line.done) throw new NoAnswerError('No answer given: the input ended.');
    return String(line.value);
  };
  try {
    let email = given.email;
    if (email === undefined) {
      process.stdout.write('Admin e-mail: ');
      email = await nextLine();
    }
    let password = given.password;
    if (password === undefined) {
      process.stdout.write(`Password (${ADMIN_PASSWORD_MIN} or more characters): `);
      // The typed password is not echoed.
      muted = true;
      password = await nextLine();
      muted = false;
      process.stdout.write('\n');
    }
    return { email, password };
  } finally {
    prompt.close();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
  });
  const env = loadEnv();
  const credentials = adminCredentialsSchema.parse(await askMissing(values));

  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const auth = createAuthFromEnv(database, env);
    const outcome = await ensureAdmin({ auth, database }, credentials);
    console.log(
      outcome === 'created'
        ? `Admin ${credentials.email} created. Sign in at /admin/login.`
        : `${credentials.email} is now an admin with the new password. Sign in at /admin/login.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ZodError) {
      console.error(error.issues.map((issue) => issue.message).join('\n'));
    } else if (
      error instanceof EnvError ||
      error instanceof EmbeddedDatabaseBusyError ||
      error instanceof NoAnswerError
    ) {
      console.error(error.message);
    } else {
      console.error('Could not create the admin:', error);
    }
    process.exit(1);
  },
);
