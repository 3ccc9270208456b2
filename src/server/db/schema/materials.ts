import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerUserId } from './ownership';

/** An uploaded study file (spec section 3); file_url is the storage path, not a public URL. */
export const studyMaterials = pgTable(
  'study_materials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    fileUrl: text('file_url').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    /** The file's text, extracted at upload: the offline generator makes questions from it. */
    extractedText: text('extracted_text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('study_materials_user_created_idx').on(table.userId, table.createdAt.desc())],
);
