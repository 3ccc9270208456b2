import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { EXTRACTION_STATUSES, type ExtractionStatus } from '#shared/contracts/materials';
import { isOneOf } from './columns';
import { ownerUserId } from './ownership';

/** An uploaded study file (spec section 3); file_url is the storage path, not a public URL. */
export const studyMaterials = pgTable(
  'study_materials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    fileUrl: text('file_url').notNull(),
    fileName: text('file_name').notNull(),
    /** The type the file's bytes showed (spec section 7 stored application/octet-stream). */
    contentType: text('content_type').notNull(),
    /** The file's text, extracted at upload: the offline generator makes questions from it. */
    extractedText: text('extracted_text'),
    /** Where the text extraction stands; it runs after the upload's answer, off the request. */
    extractionStatus: text('extraction_status')
      .$type<ExtractionStatus>()
      .notNull()
      .default('pending'),
    sizeBytes: integer('size_bytes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('study_materials_user_created_idx').on(table.userId, table.createdAt.desc()),
    check(
      'study_materials_extraction_status_check',
      isOneOf(table.extractionStatus, EXTRACTION_STATUSES),
    ),
    check('study_materials_size_check', sql`${table.sizeBytes} >= 0`),
  ],
);
