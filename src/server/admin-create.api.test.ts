import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** `npm run admin:create` as an operator runs it, on an embedded database of its own. */
const dataDir = mkdtempSync(join(tmpdir(), 'starprep-admin-create-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function adminCreate(args: string[], input = '') {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/admin-create.ts', ...args],
    {
      input,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      timeout: 60_000,
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('admin:create', () => {
  it('creates an admin from arguments, then updates its password', { timeout: 90_000 }, () => {
    const created = adminCreate(['--email', 'Ops@Example.com', '--password', 'Ops-Password-123']);
    expect(created.output).toContain('Admin ops@example.com created.');
    expect(created.status).toBe(0);
    const again = adminCreate(['--email', 'ops@example.com', '--password', 'Ops-Password-456']);
    expect(again.output).toContain('ops@example.com is now an admin with the new password.');
    expect(again.status).toBe(0);
  });

  it('asks for what is missing, and refuses a weak password', { timeout: 90_000 }, () => {
    const asked = adminCreate([], 'asked@example.com\nAsked-Password-1\n');
    expect(asked.output).toContain('Admin e-mail:');
    expect(asked.output).toContain('Admin asked@example.com created.');
    // The password typed is never written back.
    expect(asked.output).not.toContain('Asked-Password-1');
    const weak = adminCreate(['--email', 'weak@example.com', '--password', 'weak']);
    expect(weak.status).toBe(1);
    expect(weak.output).toContain('The password needs at least 12 characters.');
  });

  it('will not open the embedded database while a server has it open', { timeout: 90_000 }, () => {
    // pid 1 is always alive: as if a running server held the folder.
    writeFileSync(join(dataDir, 'db.lock'), '1\n');
    try {
      const busy = adminCreate(['--email', 'busy@example.com', '--password', 'Busy-Password-1']);
      expect(busy.status).toBe(1);
      expect(busy.output).toContain('is open in another StarPrep process (pid 1)');
    } finally {
      rmSync(join(dataDir, 'db.lock'), { force: true });
    }
  });
});
