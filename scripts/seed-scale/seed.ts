// What each table's seed function is given: the options, the session, and the instant the data
// is relative to.
import type { Session } from './connection';
import type { Options } from './options';
import { literal } from './sql-values';

export type Seed = Options & { session: Session; now: string };

/** The instant the data is relative to, as a SQL literal. */
export const nowSql = (seed: Seed) => `timestamptz ${literal(seed.now)}`;
