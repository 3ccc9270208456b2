CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"impersonated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" text DEFAULT 'user' NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"profession_category" text,
	"profession_symbol" text DEFAULT 'briefcase' NOT NULL,
	"avatar_url" text,
	"bio" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_profiles_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "user_profiles_first_name_length" CHECK (char_length("user_profiles"."first_name") <= 50),
	CONSTRAINT "user_profiles_last_name_length" CHECK (char_length("user_profiles"."last_name") <= 50),
	CONSTRAINT "user_profiles_email_length" CHECK (char_length("user_profiles"."email") <= 100),
	CONSTRAINT "user_profiles_phone_length" CHECK (char_length("user_profiles"."phone") <= 20),
	CONSTRAINT "user_profiles_profession_category_length" CHECK (char_length("user_profiles"."profession_category") <= 100),
	CONSTRAINT "user_profiles_bio_length" CHECK (char_length("user_profiles"."bio") <= 500)
);
--> statement-breakpoint
CREATE TABLE "exam_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"exam_category" text NOT NULL,
	"exam_type" text NOT NULL,
	"state" text NOT NULL,
	"exam_date" date NOT NULL,
	"student_info" jsonb NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_registrations_payment_status_check" CHECK ("exam_registrations"."payment_status" in ('pending', 'completed', 'failed')),
	CONSTRAINT "exam_registrations_exam_category_length" CHECK (char_length("exam_registrations"."exam_category") <= 100),
	CONSTRAINT "exam_registrations_exam_type_length" CHECK (char_length("exam_registrations"."exam_type") <= 100),
	CONSTRAINT "exam_registrations_student_info_has_no_password" CHECK (jsonb_typeof("exam_registrations"."student_info") = 'object' and not ("exam_registrations"."student_info" ? 'password'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"exam_registration_id" uuid,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'past_due', 'canceled', 'expired')),
	CONSTRAINT "subscriptions_amount_check" CHECK ("subscriptions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "study_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"exam_registration_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"difficulty" text NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"total_questions" integer NOT NULL,
	"time_spent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_sessions_mode_check" CHECK ("study_sessions"."mode" in ('flashcards', 'multiple_choice', 'typing')),
	CONSTRAINT "study_sessions_difficulty_check" CHECK ("study_sessions"."difficulty" in ('easy', 'medium', 'hard')),
	CONSTRAINT "study_sessions_score_check" CHECK ("study_sessions"."score" >= 0 and "study_sessions"."score" <= "study_sessions"."total_questions"),
	CONSTRAINT "study_sessions_total_questions_check" CHECK ("study_sessions"."total_questions" >= 0),
	CONSTRAINT "study_sessions_time_spent_check" CHECK ("study_sessions"."time_spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "exam_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"exam_registration_id" uuid NOT NULL,
	"result" text NOT NULL,
	"agreed_to_share" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_results_result_check" CHECK ("exam_results"."result" in ('pass', 'fail'))
);
--> statement-breakpoint
CREATE TABLE "study_materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"file_url" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_registrations" ADD CONSTRAINT "exam_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_exam_registration_id_exam_registrations_id_fk" FOREIGN KEY ("exam_registration_id") REFERENCES "public"."exam_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD CONSTRAINT "study_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_sessions" ADD CONSTRAINT "study_sessions_exam_registration_id_exam_registrations_id_fk" FOREIGN KEY ("exam_registration_id") REFERENCES "public"."exam_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_results" ADD CONSTRAINT "exam_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_results" ADD CONSTRAINT "exam_results_exam_registration_id_exam_registrations_id_fk" FOREIGN KEY ("exam_registration_id") REFERENCES "public"."exam_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_materials" ADD CONSTRAINT "study_materials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "exam_registrations_user_status_created_idx" ON "exam_registrations" USING btree ("user_id","payment_status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exam_registrations_user_created_idx" ON "exam_registrations" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "exam_registrations_payment_id_key" ON "exam_registrations" USING btree ("payment_id") WHERE "exam_registrations"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_user_status_period_idx" ON "subscriptions" USING btree ("user_id","status","current_period_end");--> statement-breakpoint
CREATE INDEX "subscriptions_created_at_idx" ON "subscriptions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscriptions_exam_registration_id_idx" ON "subscriptions" USING btree ("exam_registration_id");--> statement-breakpoint
CREATE INDEX "study_sessions_registration_user_created_idx" ON "study_sessions" USING btree ("exam_registration_id","user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "study_sessions_user_id_idx" ON "study_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "exam_results_registration_created_idx" ON "exam_results" USING btree ("exam_registration_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exam_results_user_id_idx" ON "exam_results" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "study_materials_user_created_idx" ON "study_materials" USING btree ("user_id","created_at" DESC NULLS LAST);