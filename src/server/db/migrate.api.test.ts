import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { adminUrl, withAdmin } from '../../../tests/support/postgres-admin';
import { migrationsFolder } from '../lib/paths';
import { openPostgres } from './client';
import { applyMigrations } from './migrate';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)(
  url
    ? 'migrations on PostgreSQL'
    : 'migrations on PostgreSQL (skipped: TEST_DATABASE_URL is not set)',
  () => {
    // A new, empty database (not a copy of the migrated template): two instances' first start.
    const name = `${inject('postgresPrefix')}_fresh_${process.pid}`;
    beforeAll(() => withAdmin(url!, (client) => client.query(`create database "${name}"`)));
    afterAll(() =>
      withAdmin(url!, (client) => client.query(`drop database if exists "${name}" with (force)`)),
    );

    it('two instances migrating one new database at once both succeed, applying each once', async () => {
      const instances = [
        await openPostgres(adminUrl(url!, name)),
        await openPostgres(adminUrl(url!, name)),
      ];
      try {
        await Promise.all(instances.map((instance) => applyMigrations(instance)));
        const journal = JSON.parse(
          readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
        ) as { entries: unknown[] };
        const applied = await withAdmin(adminUrl(url!, name), (client) =>
          client.query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations'),
        );
        expect(Number(applied.rows[0]!.count)).toBe(journal.entries.length);
        // The lock is released after, not held until the connection closes.
        const held = await withAdmin(url!, (client) =>
          client.query(
            `select 1 from pg_locks join pg_database on pg_database.oid = pg_locks.database
             where locktype = 'advisory' and datname = $1`,
            [name],
          ),
        );
        expect(held.rowCount).toBe(0);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
      }
    });
  },
);
