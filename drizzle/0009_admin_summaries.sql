CREATE TABLE "admin_exam_type_counts" (
	"exam_type" text PRIMARY KEY NOT NULL,
	"registrations" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_revenue_days" (
	"day" date PRIMARY KEY NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payments" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_user_counts" (
	"role" text PRIMARY KEY NOT NULL,
	"users" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_role_idx";--> statement-breakpoint
DROP INDEX "users_name_lower_idx";--> statement-breakpoint
DROP INDEX "users_email_lower_idx";--> statement-breakpoint
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "exam_registrations_admin_name_idx" ON "exam_registrations" USING btree (lower(("student_info" ->> 'firstName') || ' ' || ("student_info" ->> 'lastName')) collate "C","id");--> statement-breakpoint
CREATE INDEX "exam_registrations_admin_email_idx" ON "exam_registrations" USING btree (lower("student_info" ->> 'email') collate "C","id");--> statement-breakpoint
CREATE INDEX "exam_registrations_admin_search_idx" ON "exam_registrations" USING gin ((lower(("student_info" ->> 'firstName') || ' ' || ("student_info" ->> 'lastName')) || ' ' || lower("student_info" ->> 'email')) gin_trgm_ops);--> statement-breakpoint
-- Running totals for the admin dashboard (src/server/db/schema/admin-summaries.ts), kept by
-- statement-level triggers: one upsert per statement and key, from the statement's transition
-- tables. An update adds its new rows and takes away its old ones; a key whose total does not
-- change (a payment status, a renewal date) is not written, so it takes no lock.
CREATE FUNCTION "admin_count_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "admin_user_counts" AS t ("role", "users")
    SELECT "role", count(*) FROM new_rows GROUP BY "role" ORDER BY "role"
    ON CONFLICT ("role") DO UPDATE SET "users" = t."users" + excluded."users";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "admin_user_counts" AS t ("role", "users")
    SELECT "role", -count(*) FROM old_rows GROUP BY "role" ORDER BY "role"
    ON CONFLICT ("role") DO UPDATE SET "users" = t."users" + excluded."users";
  ELSE
    INSERT INTO "admin_user_counts" AS t ("role", "users")
    SELECT "role", sum("delta") FROM (
      SELECT "role", 1 AS "delta" FROM new_rows
      UNION ALL SELECT "role", -1 FROM old_rows
    ) AS changes GROUP BY "role" HAVING sum("delta") <> 0 ORDER BY "role"
    ON CONFLICT ("role") DO UPDATE SET "users" = t."users" + excluded."users";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "admin_count_exam_types"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "admin_exam_type_counts" AS t ("exam_type", "registrations")
    SELECT "exam_type", count(*) FROM new_rows GROUP BY "exam_type" ORDER BY "exam_type"
    ON CONFLICT ("exam_type") DO UPDATE SET "registrations" = t."registrations" + excluded."registrations";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "admin_exam_type_counts" AS t ("exam_type", "registrations")
    SELECT "exam_type", -count(*) FROM old_rows GROUP BY "exam_type" ORDER BY "exam_type"
    ON CONFLICT ("exam_type") DO UPDATE SET "registrations" = t."registrations" + excluded."registrations";
  ELSE
    INSERT INTO "admin_exam_type_counts" AS t ("exam_type", "registrations")
    SELECT "exam_type", sum("delta") FROM (
      SELECT "exam_type", 1 AS "delta" FROM new_rows
      UNION ALL SELECT "exam_type", -1 FROM old_rows
    ) AS changes GROUP BY "exam_type" HAVING sum("delta") <> 0 ORDER BY "exam_type"
    ON CONFLICT ("exam_type") DO UPDATE SET "registrations" = t."registrations" + excluded."registrations";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "admin_count_revenue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "admin_revenue_days" AS t ("day", "amount_cents", "payments")
    SELECT ("created_at" AT TIME ZONE 'UTC')::date AS "day", sum("amount"), count(*)
    FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "amount_cents" = t."amount_cents" + excluded."amount_cents",
      "payments" = t."payments" + excluded."payments";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "admin_revenue_days" AS t ("day", "amount_cents", "payments")
    SELECT ("created_at" AT TIME ZONE 'UTC')::date AS "day", -sum("amount"), -count(*)
    FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT ("day") DO UPDATE SET "amount_cents" = t."amount_cents" + excluded."amount_cents",
      "payments" = t."payments" + excluded."payments";
  ELSE
    INSERT INTO "admin_revenue_days" AS t ("day", "amount_cents", "payments")
    SELECT "day", sum("amount"), sum("payments") FROM (
      SELECT ("created_at" AT TIME ZONE 'UTC')::date AS "day", "amount", 1 AS "payments" FROM new_rows
      UNION ALL
      SELECT ("created_at" AT TIME ZONE 'UTC')::date, -"amount", -1 FROM old_rows
    ) AS changes GROUP BY "day" HAVING sum("amount") <> 0 OR sum("payments") <> 0 ORDER BY "day"
    ON CONFLICT ("day") DO UPDATE SET "amount_cents" = t."amount_cents" + excluded."amount_cents",
      "payments" = t."payments" + excluded."payments";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- TRUNCATE has no transition tables: it empties the summary named by the trigger's argument.
CREATE FUNCTION "admin_clear_summary"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_admin_count_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_users"();--> statement-breakpoint
CREATE TRIGGER "users_admin_count_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_users"();--> statement-breakpoint
CREATE TRIGGER "users_admin_count_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_users"();--> statement-breakpoint
CREATE TRIGGER "users_admin_count_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "admin_clear_summary"('admin_user_counts');--> statement-breakpoint
CREATE TRIGGER "exam_registrations_admin_count_insert" AFTER INSERT ON "exam_registrations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_exam_types"();--> statement-breakpoint
CREATE TRIGGER "exam_registrations_admin_count_update" AFTER UPDATE ON "exam_registrations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_exam_types"();--> statement-breakpoint
CREATE TRIGGER "exam_registrations_admin_count_delete" AFTER DELETE ON "exam_registrations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_exam_types"();--> statement-breakpoint
CREATE TRIGGER "exam_registrations_admin_count_truncate" AFTER TRUNCATE ON "exam_registrations" FOR EACH STATEMENT EXECUTE FUNCTION "admin_clear_summary"('admin_exam_type_counts');--> statement-breakpoint
CREATE TRIGGER "subscriptions_admin_count_insert" AFTER INSERT ON "subscriptions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_revenue"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_admin_count_update" AFTER UPDATE ON "subscriptions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_revenue"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_admin_count_delete" AFTER DELETE ON "subscriptions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_count_revenue"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_admin_count_truncate" AFTER TRUNCATE ON "subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "admin_clear_summary"('admin_revenue_days');--> statement-breakpoint
-- The totals of the rows already there.
INSERT INTO "admin_user_counts" ("role", "users") SELECT "role", count(*) FROM "users" GROUP BY "role";--> statement-breakpoint
INSERT INTO "admin_exam_type_counts" ("exam_type", "registrations") SELECT "exam_type", count(*) FROM "exam_registrations" GROUP BY "exam_type";--> statement-breakpoint
INSERT INTO "admin_revenue_days" ("day", "amount_cents", "payments") SELECT ("created_at" AT TIME ZONE 'UTC')::date, sum("amount"), count(*) FROM "subscriptions" GROUP BY 1;
