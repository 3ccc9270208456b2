ALTER TABLE "exam_registrations" ADD COLUMN "latest_result" text;--> statement-breakpoint
ALTER TABLE "exam_registrations" ADD COLUMN "latest_result_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_registrations" ADD COLUMN "subscription_status" text;--> statement-breakpoint
ALTER TABLE "exam_registrations" ADD COLUMN "subscription_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exam_registrations" ADD COLUMN "subscription_amount" integer;--> statement-breakpoint
ALTER TABLE "exam_registrations" ADD CONSTRAINT "exam_registrations_latest_result_check" CHECK ("latest_result" in ('pass', 'fail'));--> statement-breakpoint
-- Re-reads the latest result of the given registrations, writing only the rows that change.
CREATE FUNCTION "admin_refresh_latest_results"("ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "exam_registrations" r
  SET "latest_result" = latest."result", "latest_result_at" = latest."created_at"
  FROM (
    SELECT chosen."id", found."result", found."created_at"
    FROM unnest("ids") AS chosen("id")
    LEFT JOIN LATERAL (
      SELECT e."result", e."created_at" FROM "exam_results" e
      WHERE e."exam_registration_id" = chosen."id"
      ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1
    ) found ON true
  ) latest
  WHERE r."id" = latest."id"
    AND (r."latest_result" IS DISTINCT FROM latest."result"
      OR r."latest_result_at" IS DISTINCT FROM latest."created_at");
$$;
--> statement-breakpoint
-- Re-reads the subscription whose year ends last, for the given registrations.
CREATE FUNCTION "admin_refresh_subscriptions"("ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "exam_registrations" r
  SET "subscription_status" = latest."status",
    "subscription_period_end" = latest."current_period_end",
    "subscription_amount" = latest."amount"
  FROM (
    SELECT chosen."id", found."status", found."current_period_end", found."amount"
    FROM unnest("ids") AS chosen("id")
    LEFT JOIN LATERAL (
      SELECT s."status", s."current_period_end", s."amount" FROM "subscriptions" s
      WHERE s."exam_registration_id" = chosen."id"
      ORDER BY s."current_period_end" DESC, s."created_at" DESC, s."id" DESC LIMIT 1
    ) found ON true
  ) latest
  WHERE r."id" = latest."id"
    AND (r."subscription_status" IS DISTINCT FROM latest."status"
      OR r."subscription_period_end" IS DISTINCT FROM latest."current_period_end"
      OR r."subscription_amount" IS DISTINCT FROM latest."amount");
$$;
--> statement-breakpoint
CREATE FUNCTION "admin_copy_latest_result"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "admin_refresh_latest_results"(ARRAY(SELECT DISTINCT "exam_registration_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "admin_refresh_latest_results"(ARRAY(SELECT DISTINCT "exam_registration_id" FROM old_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "admin_refresh_latest_results"(ARRAY(
      SELECT "exam_registration_id" FROM new_rows UNION SELECT "exam_registration_id" FROM old_rows));
  ELSE
    UPDATE "exam_registrations" SET "latest_result" = NULL, "latest_result_at" = NULL
    WHERE "latest_result" IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "admin_copy_subscription"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "admin_refresh_subscriptions"(ARRAY(
      SELECT DISTINCT "exam_registration_id" FROM new_rows WHERE "exam_registration_id" IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "admin_refresh_subscriptions"(ARRAY(
      SELECT DISTINCT "exam_registration_id" FROM old_rows WHERE "exam_registration_id" IS NOT NULL));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "admin_refresh_subscriptions"(ARRAY(
      SELECT "exam_registration_id" FROM new_rows WHERE "exam_registration_id" IS NOT NULL
      UNION SELECT "exam_registration_id" FROM old_rows WHERE "exam_registration_id" IS NOT NULL));
  ELSE
    UPDATE "exam_registrations"
    SET "subscription_status" = NULL, "subscription_period_end" = NULL, "subscription_amount" = NULL
    WHERE "subscription_status" IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "exam_results_admin_copy_insert" AFTER INSERT ON "exam_results" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_copy_latest_result"();--> statement-breakpoint
CREATE TRIGGER "exam_results_admin_copy_update" AFTER UPDATE ON "exam_results" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_copy_latest_result"();--> statement-breakpoint
CREATE TRIGGER "exam_results_admin_copy_delete" AFTER DELETE ON "exam_results" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_copy_latest_result"();--> statement-breakpoint
CREATE TRIGGER "exam_results_admin_copy_truncate" AFTER TRUNCATE ON "exam_results" FOR EACH STATEMENT EXECUTE FUNCTION "admin_copy_latest_result"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_admin_copy_insert" AFTER INSERT ON "subscriptions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_copy_subscription"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_admin_copy_update" AFTER UPDATE ON "subscriptions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_copy_subscription"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_admin_copy_delete" AFTER DELETE ON "subscriptions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_copy_subscription"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_admin_copy_truncate" AFTER TRUNCATE ON "subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "admin_copy_subscription"();--> statement-breakpoint
-- The copies of the rows already there.
UPDATE "exam_registrations" r SET "latest_result" = latest."result", "latest_result_at" = latest."created_at"
FROM (
  SELECT DISTINCT ON ("exam_registration_id") "exam_registration_id", "result", "created_at"
  FROM "exam_results" ORDER BY "exam_registration_id", "created_at" DESC, "id" DESC
) latest
WHERE r."id" = latest."exam_registration_id";--> statement-breakpoint
UPDATE "exam_registrations" r
SET "subscription_status" = latest."status", "subscription_period_end" = latest."current_period_end",
  "subscription_amount" = latest."amount"
FROM (
  SELECT DISTINCT ON ("exam_registration_id") "exam_registration_id", "status", "current_period_end", "amount"
  FROM "subscriptions" WHERE "exam_registration_id" IS NOT NULL
  ORDER BY "exam_registration_id", "current_period_end" DESC, "created_at" DESC, "id" DESC
) latest
WHERE r."id" = latest."exam_registration_id";
