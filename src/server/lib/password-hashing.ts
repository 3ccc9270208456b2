import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * Argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): about 20 ms per hash on
 * one core here (scripts/bench/password-hash.ts). better-auth calls these instead of its scrypt.
 */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the package declares a const enum, which isolatedModules cannot inline.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a stored value that is not an Argon2 hash at all. */
export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
