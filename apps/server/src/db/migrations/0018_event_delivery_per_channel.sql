DROP INDEX "event_deliveries_occasion_idx";--> statement-breakpoint
-- Hand-edited (issue #27 item 3): drizzle-kit wrote ADD COLUMN … NOT NULL, which fails on a table with rows;
-- the column is added empty, filled below, then made NOT NULL.
ALTER TABLE "event_deliveries" ADD COLUMN "channel" text;--> statement-breakpoint
-- Hand-written: a delivery of several channels (the daily job's) becomes one delivery per channel. Each message
-- after its delivery's first channel moves to a copy of that delivery, whose id is the message's own id.
INSERT INTO "event_deliveries" ("organization_id", "id", "customer_id", "kind", "occasion", "occasion_date",
    "enrollment_id", "channel", "source", "actor_id", "at")
  SELECT d."organization_id", m."id", d."customer_id", d."kind", d."occasion", d."occasion_date",
    d."enrollment_id", m."channel"::text, d."source", d."actor_id", d."at"
  FROM "event_deliveries" d
  JOIN "event_messages" m ON m."organization_id" = d."organization_id" AND m."delivery_id" = d."id"
  WHERE m."channel" > (SELECT min(first."channel") FROM "event_messages" first
    WHERE first."organization_id" = d."organization_id" AND first."delivery_id" = d."id");--> statement-breakpoint
UPDATE "event_messages" m SET "delivery_id" = m."id"
  FROM "event_deliveries" copy
  WHERE copy."organization_id" = m."organization_id" AND copy."id" = m."id";--> statement-breakpoint
-- Hand-written: the rest keep their only channel; a delivery whose message has none was marked as sent.
UPDATE "event_deliveries" d SET "channel" = coalesce(
  (SELECT min(m."channel")::text FROM "event_messages" m
    WHERE m."organization_id" = d."organization_id" AND m."delivery_id" = d."id"),
  'MARKED')
  WHERE d."channel" IS NULL;--> statement-breakpoint
ALTER TABLE "event_deliveries" ALTER COLUMN "channel" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "event_deliveries_occasion_channel_idx" ON "event_deliveries" USING btree ("organization_id","customer_id","kind","occasion","channel");
