-- Two checkouts opened at once could leave a registration with two payable test sessions. Before
-- the index allows only one, the others are closed: the one the registration points at stays
-- open, else the newest. "failed" is the finished state the test checkout already has; the page
-- then says "This checkout is already finished." and the next click resumes the open one.
UPDATE "test_checkout_sessions" s SET "status" = 'failed'
FROM (
  SELECT o."id", row_number() OVER (
    PARTITION BY o."exam_registration_id"
    ORDER BY coalesce(o."id" = r."open_checkout_session_id", false) DESC, o."created_at" DESC, o."id" DESC
  ) AS "rank"
  FROM "test_checkout_sessions" o
  JOIN "exam_registrations" r ON r."id" = o."exam_registration_id"
  WHERE o."status" = 'open'
) ranked
WHERE s."id" = ranked."id" AND ranked."rank" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "test_checkout_sessions_one_open_key" ON "test_checkout_sessions" USING btree ("exam_registration_id") WHERE "test_checkout_sessions"."status" = 'open';
