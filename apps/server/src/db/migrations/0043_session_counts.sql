CREATE TABLE "session_counts" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"session_id" uuid NOT NULL,
	"scheduled_day" date NOT NULL,
	"roster_count" integer NOT NULL,
	"checked_in_count" integer NOT NULL,
	CONSTRAINT "session_counts_organization_id_day_session_id_pk" PRIMARY KEY("organization_id","day","session_id")
);
--> statement-breakpoint
DROP INDEX "dashboard_marks_org_idx";--> statement-breakpoint
ALTER TABLE "session_counts" ADD CONSTRAINT "session_counts_organization_id_session_id_schedule_sessions_organization_id_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."schedule_sessions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_counts_session_idx" ON "session_counts" USING btree ("organization_id","session_id");--> statement-breakpoint
CREATE INDEX "session_counts_scheduled_day_idx" ON "session_counts" USING btree ("organization_id","scheduled_day");--> statement-breakpoint
CREATE INDEX "dashboard_marks_org_day_idx" ON "dashboard_marks" USING btree ("organization_id","day");--> statement-breakpoint
-- A roster write marks the scheduled dates of the sessions it reaches as well as their dates (decision 018,
-- session 20). The date it reads is the session's as its own transaction sees it: a move committed meanwhile
-- puts the session on another date, which the write's mark would miss, and a calendar read keeping the counts
-- in between would keep them stale under the new date for good. A session's scheduled date never changes, so a
-- mark of it always reaches the session's kept counts (`session_counts.scheduled_day`).
CREATE OR REPLACE FUNCTION dashboard_mark_enrollment(e public.enrollments) RETURNS void LANGUAGE sql AS $$
  select public.dashboard_mark_days(e.organization_id, array(
    select marked.day from public.schedule_sessions s, lateral (values (s.date), (s.scheduled_date)) as marked(day)
    where s.organization_id = e.organization_id and s.schedule_id = e.schedule_id
      and s.scheduled_date >= e.start_date
      and (s.scheduled_date <= e.end_date or (e.status in ('ACTIVE', 'PAUSED') and e.canceled_from is null
        and (e.renewal = 'RENEWS' or (e.renewal = 'PLAN' and e.plan_renews_automatically))))))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_session_written() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if tg_op = 'UPDATE' and (old.schedule_id, old.scheduled_date, old.date, old.is_active)
    is not distinct from (new.schedule_id, new.scheduled_date, new.date, new.is_active) then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform public.dashboard_mark_days(new.organization_id, array[new.date, new.scheduled_date]);
  elsif tg_op = 'DELETE' then
    perform public.dashboard_mark_days(old.organization_id, array[old.date, old.scheduled_date]);
  else
    perform public.dashboard_mark_days(new.organization_id,
      array[old.date, new.date, old.scheduled_date, new.scheduled_date]);
  end if;
  return null;
end
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_attendance_written() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if tg_op = 'UPDATE' and (old.session_id, old.customer_id, old.status, old.checked_in_at is null)
    is not distinct from (new.session_id, new.customer_id, new.status, new.checked_in_at is null) then
    return null;
  end if;
  if tg_op <> 'INSERT' then
    perform public.dashboard_mark_days(old.organization_id, array(
      select marked.day from public.schedule_sessions s, lateral (values (s.date), (s.scheduled_date)) as marked(day)
      where s.organization_id = old.organization_id and s.id = old.session_id));
  end if;
  if tg_op <> 'DELETE' then
    perform public.dashboard_mark_days(new.organization_id, array(
      select marked.day from public.schedule_sessions s, lateral (values (s.date), (s.scheduled_date)) as marked(day)
      where s.organization_id = new.organization_id and s.id = new.session_id));
  end if;
  return null;
end
$$;
--> statement-breakpoint
-- Whoever consumes a date's marks — a dashboard read, the calendar, the daily job, or an instance of an older
-- release during a rolling restart — forgets the calendar's kept counts of sessions on that date or scheduled
-- for it, here rather than in each consumer. As the table's owner: the tenant role is granted the new table only
-- after the migrations (row-level-security.ts), and an older instance's dashboard may consume marks meanwhile.
-- It deletes only the rows of the organizations and dates whose marks the calling statement deleted.
CREATE FUNCTION session_counts_marks_consumed() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = public AS $$
begin
  delete from public.session_counts kept
  using (select distinct organization_id, day from consumed) as marked
  where kept.organization_id = marked.organization_id
    and (kept.day = marked.day or kept.scheduled_day = marked.day);
  return null;
end
$$;
--> statement-breakpoint
CREATE TRIGGER session_counts_marks_consumed AFTER DELETE ON dashboard_marks
  REFERENCING OLD TABLE AS consumed FOR EACH STATEMENT EXECUTE FUNCTION session_counts_marks_consumed();
