CREATE TABLE "customer_counts" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"inactive" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"purged" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_counts" ADD CONSTRAINT "customer_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Adds the net change of one statement's customers to the kept counts (decision 018, session 22): one upsert
-- per organization whose counts the statement changed, in a fixed order — an update of names or notes changes
-- none and takes no lock. Not while a restore loads a backup's rows (the backup holds the counts as they were)
-- nor while the organization is being deleted (its row goes with it): migration 0041's rule for kept figures.
-- As the table's owner: the tenant role is granted the new table only after the migrations, and an instance of
-- the previous release, which knows nothing of the table, may write customers meanwhile.
CREATE FUNCTION customer_counts_add(orgs uuid[], statuses customer_status[], changes integer[]) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  insert into public.customer_counts as kept (organization_id, active, inactive, pending, deleted, purged)
  select organization_id,
         coalesce(sum(change) filter (where status = 'ACTIVE'), 0),
         coalesce(sum(change) filter (where status = 'INACTIVE'), 0),
         coalesce(sum(change) filter (where status = 'PENDING'), 0),
         coalesce(sum(change) filter (where status = 'DELETED'), 0),
         coalesce(sum(change) filter (where status = 'PURGED'), 0)
  from (
    select organization_id, status, sum(change)::int as change
    from unnest(orgs, statuses, changes) as changed(organization_id, status, change)
    group by organization_id, status
    having sum(change) <> 0
  ) as net
  where public.dashboard_marks_wanted(organization_id)
  group by organization_id
  order by organization_id
  on conflict (organization_id) do update set
    active = kept.active + excluded.active,
    inactive = kept.inactive + excluded.inactive,
    pending = kept.pending + excluded.pending,
    deleted = kept.deleted + excluded.deleted,
    purged = kept.purged + excluded.purged
$$;
--> statement-breakpoint
CREATE FUNCTION customer_counts_written() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if tg_op = 'INSERT' then
    perform public.customer_counts_add(array_agg(organization_id), array_agg(status), array_agg(1))
      from added;
  elsif tg_op = 'DELETE' then
    perform public.customer_counts_add(array_agg(organization_id), array_agg(status), array_agg(-1))
      from removed;
  else
    perform public.customer_counts_add(array_agg(organization_id), array_agg(status), array_agg(change))
      from (select organization_id, status, -1 as change from removed
            union all select organization_id, status, 1 from added) as changed;
  end if;
  return null;
end
$$;
--> statement-breakpoint
-- PostgreSQL allows transition tables only on a trigger of one event and no column list: three triggers.
CREATE TRIGGER customer_counts_inserted AFTER INSERT ON customers
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_written();
--> statement-breakpoint
CREATE TRIGGER customer_counts_updated AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_written();
--> statement-breakpoint
CREATE TRIGGER customer_counts_deleted AFTER DELETE ON customers
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_written();
--> statement-breakpoint
-- The counts of the customers already there. The triggers above hold a lock on customers that keeps out every
-- write until this migration commits, so no customer is counted twice or missed.
INSERT INTO customer_counts (organization_id, active, inactive, pending, deleted, purged)
SELECT organization_id,
       count(*) FILTER (WHERE status = 'ACTIVE'),
       count(*) FILTER (WHERE status = 'INACTIVE'),
       count(*) FILTER (WHERE status = 'PENDING'),
       count(*) FILTER (WHERE status = 'DELETED'),
       count(*) FILTER (WHERE status = 'PURGED')
FROM customers GROUP BY organization_id;
