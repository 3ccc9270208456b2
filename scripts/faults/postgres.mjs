// PostgreSQL for the fault scripts, never disturbing the shared server other people use:
// a throwaway cluster of our own (for the scripts that stop the database), or a uniquely named
// database on the shared server (dropped afterwards). Both register their own cleanup.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import pg from 'pg';
import { onCleanup, temporaryFolder } from './cleanup.mjs';

/** The newest installed PostgreSQL's bin folder (Debian's layout: /usr/lib/postgresql/<n>/bin). */
function postgresBin() {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('no PostgreSQL in /usr/lib/postgresql');
  return join('/usr/lib/postgresql', versions[0], 'bin');
}

/** initdb and pg_ctl refuse to run as root: as root they run as the postgres user. */
async function runAsOwner(command, args) {
  const asRoot = process.getuid?.() === 0;
  const [file, fullArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  // Asynchronous, so the load of the fault script goes on while the database stops and starts.
  await promisify(execFile)(file, fullArgs, { cwd: tmpdir() });
}

/**
 * A new cluster on `port` in a temporary folder, started; `stop()` and `start()` take it down
 * and up (a fast shutdown, as an administrator's restart), and it is removed at cleanup.
 * Durability settings stay at their defaults, so a restart shows what a real one would.
 */
export async function startOwnPostgres(port) {
  const bin = postgresBin();
  const folder = temporaryFolder('pg');
  if (process.getuid?.() === 0) await promisify(execFile)('chown', ['postgres', folder]);
  const dataDir = join(folder, 'data');

  await runAsOwner(join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
  ]);
  const pgCtl = (...args) => runAsOwner(join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`;
  let running = false;
  const start = async () => {
    await pgCtl('-w', '-t', '30', '-l', join(folder, 'log'), '-o', options, 'start');
    running = true;
  };
  onCleanup(() => running && pgCtl('-w', '-m', 'immediate', 'stop'));
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    async stop() {
      await pgCtl('-w', '-t', '30', '-m', 'fast', 'stop');
      running = false;
    },
  };
}

/** The shared PostgreSQL server the scratch databases go on (FAULTS_DATABASE_URL overrides). */
export function sharedServerUrl() {
  return process.env.FAULTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** A new, empty database named uniquely on the server at `serverUrl`, dropped at cleanup. */
export async function scratchDatabase(serverUrl) {
  const name = `starprep_faults_${process.pid}_${Date.now().toString(36)}`;
  await withClient(serverUrl, (client) => client.query(`create database "${name}"`));
  onCleanup(() =>
    withClient(serverUrl, (client) =>
      client.query(`drop database if exists "${name}" with (force)`),
    ),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on one short-lived connection. */
export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
