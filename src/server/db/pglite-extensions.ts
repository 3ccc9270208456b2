import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions StarPrep's migrations create (pg_trgm for the admin search). PGlite
 * can load only extensions it is given when it is constructed, so every `new PGlite` of ours
 * passes these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
