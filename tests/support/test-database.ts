import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, openPostgres, wrapPglite } from '../../src/server/db/client';
import { PGLITE_EXTENSIONS } from '../../src/server/db/pglite-extensions';
import { adminUrl, withAdmin } from './postgres-admin';

/**
 * A fresh, migrated database for one test file: a copy of the template that the global setup
 * migrated. PGlite by default; a new PostgreSQL database when TEST_DATABASE_URL is set, dropped
 * again by close().
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = readFileSync(inject('pgliteTemplate'));
    return wrapPglite(new PGlite({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS }));
  }

  const name = `${inject('postgresPrefix')}_${randomUUID().slice(0, 8)}`;
  await withAdmin(url, (client) =>
    client.query(`create database "${name}" template "${inject('postgresTemplate')}"`),
  );
  const database = await openPostgres(adminUrl(url, name));
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(url, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}
