// Opens a stopped server's embedded database directly, to check it after a fault, with the
// extension its migrations created (src/server/db/pglite-extensions.ts).
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Runs `work(query)` on DATA_DIR/db; the server must be stopped (one process at a time). */
export async function withEmbeddedDatabase(dataDir, work) {
  const client = new PGlite(join(dataDir, 'db'), { extensions: { pg_trgm } });
  try {
    return await work(async (sql, params) => (await client.query(sql, params)).rows);
  } finally {
    await client.close();
  }
}
