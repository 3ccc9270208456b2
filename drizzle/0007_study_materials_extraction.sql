ALTER TABLE "study_materials" ADD COLUMN "extraction_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "study_materials" ADD COLUMN "size_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "study_materials" SET "extraction_status" = CASE WHEN "extracted_text" IS NULL THEN 'failed' ELSE 'done' END;--> statement-breakpoint
ALTER TABLE "study_materials" ADD CONSTRAINT "study_materials_extraction_status_check" CHECK ("study_materials"."extraction_status" in ('pending', 'done', 'empty', 'not_extractable', 'failed'));--> statement-breakpoint
ALTER TABLE "study_materials" ADD CONSTRAINT "study_materials_size_check" CHECK ("study_materials"."size_bytes" >= 0);