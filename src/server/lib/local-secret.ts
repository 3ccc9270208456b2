import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A signing key: the configured one (production sets AUTH_SECRET, env.ts insists), or on a laptop
 * one generated on first start and kept beside the embedded database in `$dataDir/<name>`, so
 * sessions and signatures survive a restart without anyone having to invent a secret.
 */
export function resolveLocalSecret(
  configured: string | undefined,
  dataDir: string,
  name: 'auth-secret' | 'webhook-secret',
): string {
  if (configured) return configured;
  const file = join(dataDir, name);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
