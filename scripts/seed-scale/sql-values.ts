// SQL building blocks: literals, arrays, the hashed "random" numbers, picks from weighted lists
// and ordered UUIDs, as SQL text.
import {
  DIFFICULTIES,
  EXAM_RESULTS,
  PAYMENT_STATUSES,
  STUDY_MODES,
  SUBSCRIPTION_STATUSES,
  USER_ROLES,
} from '../../src/shared/enums';

/** A SQL string literal. */
export function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A text[] literal, built from the catalog so the SQL can never drift from the app's lists. */
export function textArray(values: readonly string[]): string {
  return `array[${values.map(literal).join(', ')}]::text[]`;
}

/**
 * A uniform number in [0, 1) that depends only on (row number, salt): a hash, not random(), so
 * the data is the same on every run and two statements can recompute a row's value.
 */
export function rnd(row: string, salt: number): string {
  return `((hashint8extended((${row})::int8, ${salt}) & 2147483647)::float8 / 2147483648.0)`;
}

/** A value of one of the shared enumerations, as SQL: a misspelt value is a type error. */
function enumValue<const T extends readonly string[]>(_values: T, value: T[number]): string {
  return literal(value);
}

export const V = {
  user: enumValue(USER_ROLES, 'user'),
  completed: enumValue(PAYMENT_STATUSES, 'completed'),
  pending: enumValue(PAYMENT_STATUSES, 'pending'),
  failed: enumValue(PAYMENT_STATUSES, 'failed'),
  active: enumValue(SUBSCRIPTION_STATUSES, 'active'),
  canceled: enumValue(SUBSCRIPTION_STATUSES, 'canceled'),
  pastDue: enumValue(SUBSCRIPTION_STATUSES, 'past_due'),
  expired: enumValue(SUBSCRIPTION_STATUSES, 'expired'),
  pass: enumValue(EXAM_RESULTS, 'pass'),
  fail: enumValue(EXAM_RESULTS, 'fail'),
  flashcards: enumValue(STUDY_MODES, 'flashcards'),
  typing: enumValue(STUDY_MODES, 'typing'),
  easy: enumValue(DIFFICULTIES, 'easy'),
  medium: enumValue(DIFFICULTIES, 'medium'),
};

/** One element of a list, picked by a [0, 1) expression. */
export function pick(values: readonly string[], unit: string): string {
  return `(${textArray(values)})[1 + floor(${unit} * ${values.length})::int]`;
}

/**
 * The list with each value repeated by its weight: picking from it uniformly gives the weighted
 * spread (populous states and popular exams come up more often; every value still appears).
 */
export function weighted<T extends string>(
  values: readonly T[],
  weights: Partial<Record<T, number>>,
) {
  return values.flatMap((value) => Array<T>(weights[value] ?? 1).fill(value));
}

/**
 * The UUID of row number n of a table: deterministic, and growing with n. The middle groups mark
 * seeded rows and their table. Study sessions arrive in n order, so each of their 10 million
 * inserts appends to the right edge of the primary-key index instead of touching a random page
 * of an index far larger than shared_buffers. (The other tables arrive in time order, with ids
 * in no particular order, as the app's random UUIDs are; their indexes fit in memory.)
 */
export function orderedUuid(n: string, table: number): string {
  return `(lpad(to_hex(${n}), 8, '0') || '-5eed-4${table.toString(16).padStart(3, '0')}-8000-000000000000')::uuid`;
}
