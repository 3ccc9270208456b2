// The command line: the options, their defaults and checks, and the usage line.
import { parseArgs } from 'node:util';
import { fail } from './errors';

const DEFAULT_URL = 'postgres://root@127.0.0.1:5432/starprep_scale';

const usage =
  'usage: seed-scale [--database-url URL | --pglite FOLDER] [--users N] [--sessions N] ' +
  '[--results N] [--reset] [--migrate-only]';

export function readOptions() {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      pglite: { type: 'string' },
      users: { type: 'string', default: '1000000' },
      sessions: { type: 'string', default: '10000000' },
      results: { type: 'string', default: '300000' },
      reset: { type: 'boolean', default: false },
      'migrate-only': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const count = (name: 'users' | 'sessions' | 'results', min: number) => {
    const value = Number(values[name]);
    if (!Number.isSafeInteger(value) || value < min) {
      fail(`--${name} must be a whole number from ${min}`);
    }
    return value;
  };
  if (values.pglite && values['database-url']) fail('give --database-url or --pglite, not both');
  return {
    pglite: values.pglite,
    url: values['database-url'] ?? process.env.SEED_DATABASE_URL ?? DEFAULT_URL,
    users: count('users', 1),
    sessions: count('sessions', 0),
    results: count('results', 0),
    reset: values.reset,
    migrateOnly: values['migrate-only'],
  };
}
export type Options = ReturnType<typeof readOptions>;
