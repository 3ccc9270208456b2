import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLocalSecret } from './local-secret';

const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'starprep-secret-'));
  folders.push(folder);
  return folder;
};
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true })));

describe('resolveLocalSecret', () => {
  it('uses the configured secret when it is set', () => {
    expect(resolveLocalSecret('s'.repeat(40), newFolder(), 'auth-secret')).toBe('s'.repeat(40));
  });

  it('generates one secret, readable only by its owner, and keeps it across restarts', () => {
    const folder = join(newFolder(), 'data');
    const first = resolveLocalSecret(undefined, folder, 'auth-secret');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(folder, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(resolveLocalSecret(undefined, folder, 'auth-secret')).toBe(first);
  });

  it('replaces a stored secret that is too short to be safe', () => {
    const folder = newFolder();
    writeFileSync(join(folder, 'auth-secret'), 'short');
    const secret = resolveLocalSecret(undefined, folder, 'auth-secret');
    expect(secret).toHaveLength(64);
    expect(readFileSync(join(folder, 'auth-secret'), 'utf8').trim()).toBe(secret);
  });
});
