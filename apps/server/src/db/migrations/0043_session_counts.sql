CREATE TABLE "session_counts" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"session_id" uuid NOT NULL,
	"roster_count" integer NOT NULL,
	"checked_in_count" integer NOT NULL,
	CONSTRAINT "session_counts_organization_id_day_session_id_pk" PRIMARY KEY("organization_id","day","session_id")
);
--> statement-breakpoint
DROP INDEX "dashboard_marks_org_idx";--> statement-breakpoint
ALTER TABLE "session_counts" ADD CONSTRAINT "session_counts_organization_id_session_id_schedule_sessions_organization_id_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."schedule_sessions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_counts_session_idx" ON "session_counts" USING btree ("organization_id","session_id");--> statement-breakpoint
CREATE INDEX "dashboard_marks_org_day_idx" ON "dashboard_marks" USING btree ("organization_id","day");--> statement-breakpoint
-- The calendar's kept counts per session (decision 018, issue #33) follow the dashboard's marks: whoever
-- consumes a date's marks — a dashboard read, the calendar, the daily job, or an instance of an older release
-- during a rolling restart — forgets that date's kept counts with them, here rather than in each consumer.
CREATE FUNCTION session_counts_marks_consumed() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  delete from public.session_counts kept
  using (select distinct organization_id, day from consumed) as marked
  where kept.organization_id = marked.organization_id and kept.day = marked.day;
  return null;
end
$$;
--> statement-breakpoint
CREATE TRIGGER session_counts_marks_consumed AFTER DELETE ON dashboard_marks
  REFERENCING OLD TABLE AS consumed FOR EACH STATEMENT EXECUTE FUNCTION session_counts_marks_consumed();
