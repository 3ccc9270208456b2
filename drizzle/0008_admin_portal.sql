-- The admin search matches anywhere in a name or e-mail through trigram indexes (pg_trgm ships
-- with PostgreSQL and with PGlite, which loads it in src/server/db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "subscriptions_created_at_idx";--> statement-breakpoint
DROP INDEX "subscriptions_exam_registration_id_idx";--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_name_lower_idx" ON "users" USING btree (lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email") collate "C","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (lower("name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "exam_registrations_created_id_idx" ON "exam_registrations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "exam_registrations_exam_date_id_idx" ON "exam_registrations" USING btree ("exam_date","id");--> statement-breakpoint
CREATE INDEX "exam_registrations_state_id_idx" ON "exam_registrations" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "exam_registrations_exam_type_id_idx" ON "exam_registrations" USING btree ("exam_type","id");--> statement-breakpoint
CREATE INDEX "subscriptions_created_at_amount_idx" ON "subscriptions" USING btree ("created_at","amount");--> statement-breakpoint
CREATE INDEX "subscriptions_status_period_idx" ON "subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
CREATE INDEX "subscriptions_registration_period_idx" ON "subscriptions" USING btree ("exam_registration_id","current_period_end" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exam_results_result_idx" ON "exam_results" USING btree ("result");