import { sql } from 'drizzle-orm';
import type { Database } from './client';

export type Transaction = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

/**
 * Holds a transaction-scoped lock on `purpose` and `id` (e.g. 'new-exam' and a user id) until the
 * transaction ends: another transaction asking for the same pair waits, so a check followed by an
 * insert cannot run twice at once on PostgreSQL. The key is a 64-bit hash of the pair; a rare
 * collision only makes two unrelated students wait for each other. PGlite runs one transaction
 * at a time anyway, and grants the lock at once.
 */
export async function lockUntilCommit(tx: Transaction, purpose: string, id: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${purpose}:${id}`}, 0))`);
}
