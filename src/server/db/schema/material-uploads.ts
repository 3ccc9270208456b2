import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerUserId } from './ownership';

/**
 * One row per accepted upload (a file or pasted text), for the daily upload quota (UPLOAD_QUOTA
 * in limits.ts). Kept apart from study_materials so that removing a material does not give its
 * share back: uploading and removing in a loop cannot get round the quota. Each upload deletes
 * its student's rows that have left the window.
 */
export const materialUploads = pgTable(
  'material_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('material_uploads_user_created_idx').on(table.userId, table.createdAt)],
);
