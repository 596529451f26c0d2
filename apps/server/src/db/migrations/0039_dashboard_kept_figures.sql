CREATE TABLE "dashboard_days" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "dashboard_days_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
CREATE TABLE "dashboard_marks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dashboard_marks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_session_days" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"schedule_id" uuid NOT NULL,
	"sessions" integer NOT NULL,
	"seats_taken" integer NOT NULL,
	"checked_in" integer NOT NULL,
	CONSTRAINT "dashboard_session_days_organization_id_day_schedule_id_pk" PRIMARY KEY("organization_id","day","schedule_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_days" ADD CONSTRAINT "dashboard_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_marks" ADD CONSTRAINT "dashboard_marks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_session_days" ADD CONSTRAINT "dashboard_session_days_organization_id_schedule_id_schedules_organization_id_id_fk" FOREIGN KEY ("organization_id","schedule_id") REFERENCES "public"."schedules"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_marks_org_idx" ON "dashboard_marks" USING btree ("organization_id");--> statement-breakpoint
-- The dashboard's kept figures (decision 018, issue #33): every write that can change a date's session
-- figures marks that date, whatever path made it — here, not in the services, so no path can forget.
-- A mark is a plain insert (no conflict, no lock between writers); an organization being deleted marks nothing.
-- A restore loading a backup's rows (backups/load-database.ts) sets reformer.restoring: the backup holds the
-- kept figures and marks as they were, so its rows mark nothing again.
CREATE FUNCTION dashboard_mark_days(org uuid, days date[]) RETURNS void LANGUAGE sql AS $$
  insert into public.dashboard_marks (organization_id, day)
  select org, day from (select distinct unnest(days) as day) as marked
  where day is not null and exists (select 1 from public.organizations where id = org)
    and coalesce(current_setting('reformer.restoring', true), '') <> 'on'
$$;
--> statement-breakpoint
-- The local dates of the schedule's sessions an enrollment's row reaches: from its start to its end, or on
-- while it keeps renewing (db/roster.ts `enrollmentCovers`, on the sessions' scheduled date).
CREATE FUNCTION dashboard_mark_enrollment(e public.enrollments) RETURNS void LANGUAGE sql AS $$
  select public.dashboard_mark_days(e.organization_id, array(
    select distinct s.date from public.schedule_sessions s
    where s.organization_id = e.organization_id and s.schedule_id = e.schedule_id
      and s.scheduled_date >= e.start_date
      and (s.scheduled_date <= e.end_date or (e.status in ('ACTIVE', 'PAUSED') and e.canceled_from is null
        and (e.renewal = 'RENEWS' or (e.renewal = 'PLAN' and e.plan_renews_automatically))))))
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_enrollment_written() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if tg_op = 'UPDATE' and (old.customer_id, old.schedule_id, old.start_date, old.end_date, old.status,
      old.paused_from, old.resume_on, old.canceled_from, old.renewal, old.plan_renews_automatically)
    is not distinct from (new.customer_id, new.schedule_id, new.start_date, new.end_date, new.status,
      new.paused_from, new.resume_on, new.canceled_from, new.renewal, new.plan_renews_automatically) then
    return null;
  end if;
  if tg_op <> 'INSERT' then perform public.dashboard_mark_enrollment(old); end if;
  if tg_op <> 'DELETE' then perform public.dashboard_mark_enrollment(new); end if;
  return null;
end
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_enrollment_written AFTER INSERT OR UPDATE OR DELETE ON enrollments
  FOR EACH ROW EXECUTE FUNCTION dashboard_enrollment_written();
--> statement-breakpoint
-- A customer leaving the books (or coming back) takes their enrolled seats off the roster (db/roster.ts).
CREATE FUNCTION dashboard_customer_written() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if (old.status in ('DELETED', 'PURGED')) is distinct from (new.status in ('DELETED', 'PURGED')) then
    perform public.dashboard_mark_enrollment(e) from public.enrollments e
    where e.organization_id = new.organization_id and e.customer_id = new.id;
  end if;
  return null;
end
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_customer_written AFTER UPDATE OF status ON customers
  FOR EACH ROW EXECUTE FUNCTION dashboard_customer_written();
--> statement-breakpoint
-- A session added, moved, cancelled or removed; a zone change rewrites only its instants, which count nothing.
CREATE FUNCTION dashboard_session_written() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if tg_op = 'UPDATE' and (old.schedule_id, old.scheduled_date, old.date, old.is_active)
    is not distinct from (new.schedule_id, new.scheduled_date, new.date, new.is_active) then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform public.dashboard_mark_days(new.organization_id, array[new.date]);
  elsif tg_op = 'DELETE' then
    perform public.dashboard_mark_days(old.organization_id, array[old.date]);
  else
    perform public.dashboard_mark_days(new.organization_id, array[old.date, new.date]);
  end if;
  return null;
end
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_session_written AFTER INSERT OR UPDATE OR DELETE ON schedule_sessions
  FOR EACH ROW EXECUTE FUNCTION dashboard_session_written();
--> statement-breakpoint
-- A check-in, a status (a cancellation frees its seat) or a customer added to one session.
CREATE FUNCTION dashboard_attendance_written() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if tg_op = 'UPDATE' and (old.session_id, old.customer_id, old.status, old.checked_in_at is null)
    is not distinct from (new.session_id, new.customer_id, new.status, new.checked_in_at is null) then
    return null;
  end if;
  if tg_op <> 'INSERT' then
    perform public.dashboard_mark_days(old.organization_id, array(select s.date from public.schedule_sessions s
      where s.organization_id = old.organization_id and s.id = old.session_id));
  end if;
  if tg_op <> 'DELETE' then
    perform public.dashboard_mark_days(new.organization_id, array(select s.date from public.schedule_sessions s
      where s.organization_id = new.organization_id and s.id = new.session_id));
  end if;
  return null;
end
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_attendance_written AFTER INSERT OR UPDATE OR DELETE ON session_attendance
  FOR EACH ROW EXECUTE FUNCTION dashboard_attendance_written();
