CREATE TABLE "study_session_starts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"exam_registration_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"difficulty" text NOT NULL,
	"total_questions" integer NOT NULL,
	"item_ids" text[] NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_session_starts_mode_check" CHECK ("study_session_starts"."mode" in ('flashcards', 'multiple_choice', 'typing')),
	CONSTRAINT "study_session_starts_difficulty_check" CHECK ("study_session_starts"."difficulty" in ('easy', 'medium', 'hard')),
	CONSTRAINT "study_session_starts_total_check" CHECK ("study_session_starts"."total_questions" >= 0)
);
--> statement-breakpoint
ALTER TABLE "study_materials" ADD COLUMN "extracted_text" text;--> statement-breakpoint
ALTER TABLE "study_session_starts" ADD CONSTRAINT "study_session_starts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_session_starts" ADD CONSTRAINT "study_session_starts_exam_registration_id_exam_registrations_id_fk" FOREIGN KEY ("exam_registration_id") REFERENCES "public"."exam_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_session_starts_user_registration_started_idx" ON "study_session_starts" USING btree ("user_id","exam_registration_id","started_at" DESC NULLS LAST);