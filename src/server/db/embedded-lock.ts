import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * PGlite is PostgreSQL inside this process: two processes opening one data folder would
 * overwrite each other's files. The first one writes its pid beside the folder; another (a second
 * server, or `npm run admin:create` while the server runs) is refused with a clear message. A
 * lock left by a process that died is taken over. Returns the release function.
 */
export function lockEmbeddedFolder(folder: string): () => void {
  const lockFile = `${folder}.lock`;
  const holder = readHolder(lockFile);
  if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
    throw new EmbeddedDatabaseBusyError(folder, holder);
  }
  mkdirSync(dirname(lockFile), { recursive: true });
  writeFileSync(lockFile, `${process.pid}\n`);
  return () => {
    if (readHolder(lockFile) === process.pid) rmSync(lockFile, { force: true });
  };
}

function readHolder(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
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
