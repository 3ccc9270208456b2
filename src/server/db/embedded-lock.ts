import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export class EmbeddedDatabaseBusyError extends Error {
  constructor(folder: string, pid: number) {
    super(
      `The embedded database in ${folder} is open in another StarPrep process (pid ${pid}). ` +
        'It can be used by one process at a time: stop that process first, or use PostgreSQL ' +
        '(DATABASE_URL).',
    );
    this.name = 'EmbeddedDatabaseBusyError';
  }
}

/** How often to look again while another process is taking over a stale lock, and how long. */
const TAKEOVER_WAIT_MS = 20;
const TAKEOVER_ATTEMPTS = 50;

/**
 * PGlite is PostgreSQL inside this process: two processes opening one data folder would
 * overwrite each other's files. The first one creates `<folder>.lock` holding its pid; another (a
 * second server, or `npm run admin:create` while the server runs) is refused with a clear
 * message. Returns the release function.
 *
 * The file is created atomically (a hard link of a finished temporary file, which fails when the
 * lock exists), so two processes starting together cannot both create it, and a reader never sees
 * it half written. A lock whose process died is removed by whoever first creates its takeover
 * marker (also atomically), and only while it still names that dead process; then everyone
 * competes for the lock again, so two processes replacing one stale lock cannot both win.
 */
export function lockEmbeddedFolder(folder: string): () => void {
  const lockFile = `${folder}.lock`;
  mkdirSync(dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < TAKEOVER_ATTEMPTS; attempt += 1) {
    if (createLockFile(lockFile)) {
      return () => {
        if (readHolder(lockFile) === process.pid) rmSync(lockFile, { force: true });
      };
    }
    const holder = readHolder(lockFile);
    if (holder === undefined) continue; // released meanwhile: try again
    // Our own pid in the file is a previous run's: in a container the server often has pid 1.
    if (holder !== UNREADABLE && holder !== process.pid && isAlive(holder)) {
      throw new EmbeddedDatabaseBusyError(folder, holder);
    }
    if (!removeStaleLock(lockFile, holder)) sleep(TAKEOVER_WAIT_MS);
  }
  const holder = readHolder(lockFile) ?? UNREADABLE;
  throw new Error(
    `The lock ${lockFile} was left by a process that stopped (pid ${holder}), and taking it over ` +
      `did not finish. If no StarPrep process uses ${folder}, delete ${lockFile} and ` +
      `${takeoverMarker(lockFile, holder)}, then start again.`,
  );
}

/** Creates the lock with our pid in it, or returns false when it exists. */
function createLockFile(lockFile: string): boolean {
  const draft = `${lockFile}.${process.pid}.tmp`;
  writeFileSync(draft, `${process.pid}\n`);
  try {
    linkSync(draft, lockFile);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * Removes the lock of the dead process `holder`, unless another process is already doing so
 * (then returns false). Only the creator of the marker may remove a lock naming `holder`, and the
 * lock is read again under the marker: a new live holder's lock is never removed.
 */
function removeStaleLock(lockFile: string, holder: number): boolean {
  const marker = takeoverMarker(lockFile, holder);
  try {
    writeFileSync(marker, `${process.pid}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    if (readHolder(lockFile) === holder) rmSync(lockFile, { force: true });
  } finally {
    rmSync(marker, { force: true });
  }
  return true;
}

function takeoverMarker(lockFile: string, holder: number): string {
  return `${lockFile}.takeover-${holder}`;
}

/** What a lock holding no pid reads as (e.g. emptied by a full disk): nobody's, so stale. */
const UNREADABLE = 0;

/** The pid in the lock file, UNREADABLE, or undefined when there is no lock file. */
function readHolder(lockFile: string): number | undefined {
  let text;
  try {
    text = readFileSync(lockFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : UNREADABLE;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Blocks briefly: the lock is taken once at start, before anything else runs. */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
