-- One result per registration: of the reports already there, the latest stays (the order the
-- copy of migration 0010 already shows, so no registration's copied result changes). The delete
-- runs the copy triggers, which find nothing to write.
DELETE FROM "exam_results" e
USING (
  SELECT "id", row_number() OVER (
    PARTITION BY "exam_registration_id" ORDER BY "created_at" DESC, "id" DESC
  ) AS "rank"
  FROM "exam_results"
) ranked
WHERE e."id" = ranked."id" AND ranked."rank" > 1;--> statement-breakpoint
-- The unique constraint's index serves every look-up by registration the old one did.
DROP INDEX "exam_results_registration_created_idx";--> statement-breakpoint
ALTER TABLE "exam_results" ADD CONSTRAINT "exam_results_registration_key" UNIQUE("exam_registration_id");
