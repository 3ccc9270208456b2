import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at as every table has them; updated_at moves on every Drizzle update. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** `column IN ('a', 'b')` for CHECK constraints over one of the shared enumerations. */
export function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(list)})`;
}

/** `char_length(column) <= max`, the database's copy of a form's maximum length. */
export function maxLength(column: AnyPgColumn, max: number): SQL {
  return sql`char_length(${column}) <= ${sql.raw(String(max))}`;
}
