import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A statement of the hottest requests (the session lookup, the dashboard), built once from a
 * Drizzle sql template whose per-request values are sql.placeholder()s. db.execute() builds the
 * text again on every call (about 55 µs); this is built at import. On PostgreSQL it is also a
 * named prepared statement, parsed once per connection (Database.prepared).
 */
export type Prebuilt = { name: string; text: string; params: unknown[] };

export function prebuilt(name: string, query: SQL): Prebuilt {
  const { sql, params } = dialect.sqlToQuery(query);
  return { name, text: sql, params };
}

/** The parameter values of one call: the placeholders filled, the constants as built. */
export function parameterValues(statement: Prebuilt, values: Record<string, unknown>): unknown[] {
  return fillPlaceholders(statement.params, values);
}
