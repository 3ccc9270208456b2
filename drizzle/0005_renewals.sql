ALTER TABLE "exam_registrations" ADD COLUMN "open_checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_checkout_session_id_key" ON "subscriptions" USING btree ("checkout_session_id") WHERE "subscriptions"."checkout_session_id" is not null;--> statement-breakpoint
-- Years paid before this migration: the session that paid is the registration's payment_id
-- (until now a registration was paid at most once).
UPDATE "subscriptions" SET "checkout_session_id" = "exam_registrations"."payment_id"
FROM "exam_registrations"
WHERE "exam_registrations"."id" = "subscriptions"."exam_registration_id"
  AND "subscriptions"."checkout_session_id" IS NULL;
