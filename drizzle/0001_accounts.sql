CREATE TABLE "pending_registrations" (
	"user_id" text PRIMARY KEY NOT NULL,
	"exam_category" text NOT NULL,
	"exam_type" text NOT NULL,
	"state" text NOT NULL,
	"exam_date" date NOT NULL,
	"student_info" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_registrations_exam_category_length" CHECK (char_length("pending_registrations"."exam_category") <= 100),
	CONSTRAINT "pending_registrations_exam_type_length" CHECK (char_length("pending_registrations"."exam_type") <= 100),
	CONSTRAINT "pending_registrations_student_info_has_no_password" CHECK (jsonb_typeof("pending_registrations"."student_info") = 'object' and not ("pending_registrations"."student_info" ? 'password'))
);
--> statement-breakpoint
CREATE TABLE "outbox_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pending_registrations" ADD CONSTRAINT "pending_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_mails_to_created_idx" ON "outbox_mails" USING btree ("to","created_at" DESC NULLS LAST);