import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedDatabaseBusyError, lockEmbeddedFolder } from './embedded-lock';

let dataDir: string;
let folder: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'starprep-lock-'));
  folder = join(dataDir, 'db');
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** The pid of a process that has exited (as a crashed server's would be). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {
    encoding: 'utf8',
  });
  return Number(child.stdout.trim());
}

describe('lockEmbeddedFolder in one process', () => {
  it('writes its pid to <folder>.lock and removes it on release', () => {
    const release = lockEmbeddedFolder(folder);
    expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('refuses a folder another live process holds, naming it', () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      writeFileSync(`${folder}.lock`, `${holder.pid}\n`);
      expect(() => lockEmbeddedFolder(folder)).toThrow(EmbeddedDatabaseBusyError);
      expect(() => lockEmbeddedFolder(folder)).toThrow(
        `is open in another StarPrep process (pid ${holder.pid})`,
      );
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that died', () => {
    writeFileSync(`${folder}.lock`, `${deadPid()}\n`);
    const release = lockEmbeddedFolder(folder);
    expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    release();
  });

  it('takes over a lock file that holds no pid (e.g. emptied by a full disk)', () => {
    writeFileSync(`${folder}.lock`, '');
    lockEmbeddedFolder(folder)();
  });

  it('says which files to delete when a takeover was left half done', () => {
    const dead = deadPid();
    writeFileSync(`${folder}.lock`, `${dead}\n`);
    writeFileSync(`${folder}.lock.takeover-${dead}`, `${deadPid()}\n`);
    expect(() => lockEmbeddedFolder(folder)).toThrow(
      `delete ${folder}.lock and ${folder}.lock.takeover-${dead}`,
    );
  });
});

/** A process that tries to lock `folder` each time it is told to (tests/support/lock-contender.ts). */
type Contender = { process: ChildProcess; next: () => Promise<string> };

function startContender(lockFolder: string): Contender {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/support/lock-contender.ts', lockFolder],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return { process: child, next: async () => String((await lines.next()).value) };
}

describe('two processes racing for one data folder', () => {
  it('never both win, on a new folder or over a stale lock', async () => {
    const contenders = [startContender(folder), startContender(folder)];
    const dead = deadPid();
    try {
      for (const contender of contenders) expect(await contender.next()).toBe('ready');
      for (let round = 0; round < 30; round += 1) {
        // Even rounds find no lock; odd ones find the lock of a process that died.
        if (round % 2 === 0) rmSync(`${folder}.lock`, { force: true });
        else writeFileSync(`${folder}.lock`, `${dead}\n`);
        const at = Date.now() + 50;
        for (const contender of contenders) contender.process.stdin!.write(`go ${at}\n`);
        const outcomes = await Promise.all(contenders.map((contender) => contender.next()));
        expect(outcomes.sort(), `round ${round}`).toEqual(['busy', 'won']);
      }
    } finally {
      for (const contender of contenders) {
        const exited = new Promise((resolve) => contender.process.once('exit', resolve));
        contender.process.stdin!.end();
        await exited;
      }
    }
  }, 60_000);
});
