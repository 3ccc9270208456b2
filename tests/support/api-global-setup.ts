import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPostgres, wrapPglite } from '../../src/server/db/client';
import { applyMigrations } from '../../src/server/db/migrate';
import { PGLITE_EXTENSIONS } from '../../src/server/db/pglite-extensions';
import { adminUrl, dropDatabasesWithPrefix, withAdmin } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a gzipped data dir that is already migrated. */
    pgliteTemplate: string;
    /** PostgreSQL (TEST_DATABASE_URL): a migrated template database and the prefix for copies. */
    postgresTemplate: string;
    postgresPrefix: string;
  }
}

/**
 * Migrates one database before the API suite, so each test file starts from a copy in
 * milliseconds instead of running every migration again.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const prefix = `starprep_test_${process.pid}_${Date.now()}`;
    const template = `${prefix}_template`;
    await withAdmin(url, (client) => client.query(`create database "${template}"`));
    try {
      const templateDb = await openPostgres(adminUrl(url, template));
      await applyMigrations(templateDb).finally(() => templateDb.close());
    } catch (error) {
      // Vitest runs no teardown when setup fails: drop the half-made template here.
      await dropDatabasesWithPrefix(url, prefix);
      throw error;
    }
    project.provide('postgresTemplate', template);
    project.provide('postgresPrefix', prefix);
    project.provide('pgliteTemplate', '');
    return async () => dropDatabasesWithPrefix(url, prefix);
  }

  const folder = mkdtempSync(join(tmpdir(), 'starprep-pglite-'));
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await applyMigrations(wrapPglite(client));
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const file = join(folder, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  project.provide('postgresPrefix', '');
  return () => rmSync(folder, { recursive: true, force: true });
}
