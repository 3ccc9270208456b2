import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Prebuilt } from './prebuilt';
import type * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: the Drizzle handle plus what the server needs to check and close it. */
export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** Runs a statement built once (prebuilt.ts), straight on the driver; its rows as the driver parses them. */
  prepared: <Row>(statement: Prebuilt, values: Record<string, unknown>) => Promise<Row[]>;
};
