import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPostgres, wrapPglite } from '../../src/server/db/client';
import { applyMigrations } from '../../src/server/db/migrate';
import { adminUrl, dropDatabasesWithPrefix } from './postgres-admin';

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
    const admin = await openPostgres(adminUrl(url));
    await admin.db.execute(`create database "${template}"`);
    await admin.close();
    const templateDb = await openPostgres(adminUrl(url, template));
    await applyMigrations(templateDb);
    await templateDb.close();
    project.provide('postgresTemplate', template);
    project.provide('postgresPrefix', prefix);
    project.provide('pgliteTemplate', '');
    return async () => dropDatabasesWithPrefix(url, prefix);
  }

  const folder = mkdtempSync(join(tmpdir(), 'starprep-pglite-'));
  const database = wrapPglite(new PGlite());
  await applyMigrations(database);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('gzip');
  await database.close();
  const file = join(folder, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  project.provide('postgresPrefix', '');
  return () => rmSync(folder, { recursive: true, force: true });
}
