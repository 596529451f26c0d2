CREATE TABLE "dashboard_money" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"figures" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_money_marks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dashboard_money_marks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_money" ADD CONSTRAINT "dashboard_money_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_money_marks" ADD CONSTRAINT "dashboard_money_marks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_money_marks_org_idx" ON "dashboard_money_marks" USING btree ("organization_id");--> statement-breakpoint
-- Whether a write of this organization marks the dashboard's kept figures: not while a restore loads a
-- backup's rows (backups/load-database.ts sets reformer.restoring: the backup holds the figures and marks as
-- they were), nor while the organization is being deleted. One rule for 0039's dates and these money marks.
CREATE FUNCTION dashboard_marks_wanted(org uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  select coalesce(current_setting('reformer.restoring', true), '') <> 'on'
    and exists (select 1 from public.organizations where id = org)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_mark_days(org uuid, days date[]) RETURNS void LANGUAGE sql AS $$
  insert into public.dashboard_marks (organization_id, day)
  select org, day from (select distinct unnest(days) as day) as marked
  where day is not null and public.dashboard_marks_wanted(org)
$$;
--> statement-breakpoint
-- The dashboard's kept money figures (decision 018, issue #33): a write to any table they read marks its
-- organization, whatever path made it, so no path can forget. As 0039's marks: a plain insert.
CREATE FUNCTION dashboard_money_written() RETURNS trigger LANGUAGE plpgsql AS $$
declare
  org uuid;
begin
  if tg_op = 'UPDATE' and old is not distinct from new then
    return null;
  end if;
  org := case when tg_op = 'DELETE' then old.organization_id else new.organization_id end;
  if public.dashboard_marks_wanted(org) then
    insert into public.dashboard_money_marks (organization_id) values (org);
  end if;
  return null;
end
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_money_written AFTER INSERT OR UPDATE OR DELETE ON enrollments
  FOR EACH ROW EXECUTE FUNCTION dashboard_money_written();
--> statement-breakpoint
CREATE TRIGGER dashboard_money_written AFTER INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION dashboard_money_written();
--> statement-breakpoint
CREATE TRIGGER dashboard_money_written AFTER INSERT OR UPDATE OR DELETE ON billing_cycles
  FOR EACH ROW EXECUTE FUNCTION dashboard_money_written();
--> statement-breakpoint
-- A price, currency or billing cycle changed (the cycles not yet charged owe the price of today).
CREATE TRIGGER dashboard_money_written AFTER INSERT OR UPDATE OR DELETE ON customer_plans
  FOR EACH ROW EXECUTE FUNCTION dashboard_money_written();
--> statement-breakpoint
-- A customer leaving the books (or coming back) takes their enrollments off the figures.
CREATE TRIGGER dashboard_money_written AFTER UPDATE OF status ON customers
  FOR EACH ROW WHEN (old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION dashboard_money_written();
--> statement-breakpoint
-- A renewing enrollment is billed until its schedule's end.
CREATE TRIGGER dashboard_money_written AFTER UPDATE OF end_date ON schedules
  FOR EACH ROW WHEN (old.end_date IS DISTINCT FROM new.end_date) EXECUTE FUNCTION dashboard_money_written();
