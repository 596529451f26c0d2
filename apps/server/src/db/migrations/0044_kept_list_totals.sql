CREATE TABLE "customer_counts" (
	"organization_id" uuid NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"inactive" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"purged" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_totals" (
	"organization_id" uuid NOT NULL,
	"currency" "currency" NOT NULL,
	"completed_cents" bigint DEFAULT 0 NOT NULL,
	"pending_cents" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_counts" ADD CONSTRAINT "customer_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_totals" ADD CONSTRAINT "payment_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_counts_org_idx" ON "customer_counts" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "payment_totals_org_currency_idx" ON "payment_totals" USING btree ("organization_id","currency");--> statement-breakpoint
-- The lists' kept totals (decision 018, session 22): each statement that writes customers or payments adds the
-- net change it made as a row of its own, per organization (and currency), and the organization's totals are
-- the sums of its rows. An insert conflicts with nothing, so no writer waits on another's commit or deadlocks
-- over the totals. The writer that finds more than one row and the organization's fold lock free folds the
-- rows its statement sees into one: rows committed meanwhile are not seen, so not deleted, and stay. Nothing is
-- added while a restore loads a backup's rows (the backup holds the totals) nor while the organization is being
-- deleted (its rows go with it): migration 0041's rule, `dashboard_marks_wanted`. The trigger functions run as the tables' owner (the
-- tenant role is granted the new tables only after the migrations, and an instance of the previous release
-- writes meanwhile); the helpers they call are not anyone else's to call.
-- Whether a restore is loading a backup's rows (backups/load-database.ts sets the setting), now one function for
-- every trigger that derives rows: the backup holds what they derived. 0041's rule reads it from here.
CREATE FUNCTION restoring_backup() RETURNS boolean LANGUAGE sql STABLE AS $$
  select coalesce(current_setting('reformer.restoring', true), '') = 'on'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_marks_wanted(org uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  select not public.restoring_backup() and exists (select 1 from public.organizations where id = org)
$$;
--> statement-breakpoint
CREATE FUNCTION customer_counts_add(orgs uuid[], statuses customer_status[], changes integer[]) RETURNS void
  LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
declare
  org uuid;
begin
  for org in select distinct changed.org from unnest(orgs) as changed(org) loop
    continue when not public.dashboard_marks_wanted(org);
    insert into public.customer_counts (organization_id, active, inactive, pending, deleted, purged)
    select org, coalesce(sum(changed.change) filter (where changed.status = 'ACTIVE'), 0),
           coalesce(sum(changed.change) filter (where changed.status = 'INACTIVE'), 0),
           coalesce(sum(changed.change) filter (where changed.status = 'PENDING'), 0),
           coalesce(sum(changed.change) filter (where changed.status = 'DELETED'), 0),
           coalesce(sum(changed.change) filter (where changed.status = 'PURGED'), 0)
    from unnest(orgs, statuses, changes) as changed(organization_id, status, change)
    where changed.organization_id = org
    having bool_or(changed.change <> 0);
    continue when (select count(*) from public.customer_counts where organization_id = org) < 2;
    continue when not pg_try_advisory_xact_lock(hashtext('reformer.customer_counts'), hashtext(org::text));
    with folded as (delete from public.customer_counts where organization_id = org returning *)
    insert into public.customer_counts (organization_id, active, inactive, pending, deleted, purged)
    select org, sum(active), sum(inactive), sum(pending), sum(deleted), sum(purged) from folded
    having count(*) > 0;
  end loop;
end
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION customer_counts_add(uuid[], customer_status[], integer[]) FROM PUBLIC;
--> statement-breakpoint
-- The statement's rows grouped per organization and status before they leave the trigger, so a statement
-- writing a million customers passes a handful of values, not a million.
CREATE FUNCTION customer_counts_written() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = public, pg_temp AS $$
begin
  -- Before reading the statement's rows: a restore's COPY brings every row of the table at once.
  if public.restoring_backup() then
    return null;
  end if;
  execute format($changed$
    select public.customer_counts_add(array_agg(organization_id), array_agg(status), array_agg(change))
    from (select organization_id, status, sum(sign)::int as change from (%s) as written group by 1, 2) as grouped
  $changed$, case tg_op
    when 'INSERT' then 'select organization_id, status, 1 as sign from added'
    when 'DELETE' then 'select organization_id, status, -1 as sign from removed'
    else 'select organization_id, status, 1 as sign from added
          union all select organization_id, status, -1 from removed' end);
  return null;
end
$$;
--> statement-breakpoint
CREATE FUNCTION payment_totals_add(orgs uuid[], currencies currency[], statuses payment_status[], counts integer[],
  amounts bigint[], kept bigint[]) RETURNS void LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
declare
  org uuid;
begin
  for org in select distinct changed.org from unnest(orgs) as changed(org) loop
    continue when not public.dashboard_marks_wanted(org);
    insert into public.payment_totals (organization_id, currency, payments, completed_cents, pending_cents)
    select org, net.currency, net.payments, net.completed_cents, net.pending_cents
    from (select changed.currency, sum(changed.payments) as payments,
                 coalesce(sum(changed.kept) filter (where changed.status = 'COMPLETED'), 0) as completed_cents,
                 coalesce(sum(changed.amount) filter (where changed.status = 'PENDING'), 0) as pending_cents
            from unnest(orgs, currencies, statuses, counts, amounts, kept)
                   as changed(organization_id, currency, status, payments, amount, kept)
           where changed.organization_id = org
           group by changed.currency) as net
    where net.payments <> 0 or net.completed_cents <> 0 or net.pending_cents <> 0;
    continue when (select count(*) - count(distinct currency) from public.payment_totals
                    where organization_id = org) < 1;
    continue when not pg_try_advisory_xact_lock(hashtext('reformer.payment_totals'), hashtext(org::text));
    with folded as (delete from public.payment_totals where organization_id = org returning *)
    insert into public.payment_totals (organization_id, currency, payments, completed_cents, pending_cents)
    select org, currency, sum(payments), sum(completed_cents), sum(pending_cents) from folded group by currency;
  end loop;
end
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION payment_totals_add(uuid[], currency[], payment_status[], integer[], bigint[], bigint[])
  FROM PUBLIC;
--> statement-breakpoint
-- As customer_counts_written: the statement's payments grouped per organization, currency and status first.
CREATE FUNCTION payment_totals_written() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = public, pg_temp AS $$
begin
  -- Before reading the statement's rows: a restore's COPY brings every row of the table at once.
  if public.restoring_backup() then
    return null;
  end if;
  execute format($changed$
    select public.payment_totals_add(array_agg(organization_id), array_agg(currency), array_agg(status),
      array_agg(payments), array_agg(amount), array_agg(kept))
    from (select organization_id, currency, status, sum(sign)::int as payments,
                 sum(sign * amount_cents)::bigint as amount,
                 sum(sign * (amount_cents - refunded_cents))::bigint as kept
            from (%s) as written group by 1, 2, 3) as grouped
  $changed$, case tg_op
    when 'INSERT' then 'select *, 1 as sign from added'
    when 'DELETE' then 'select *, -1 as sign from removed'
    else 'select *, 1 as sign from added union all select *, -1 from removed' end);
  return null;
end
$$;
--> statement-breakpoint
-- PostgreSQL allows transition tables only on a trigger of one event and no column list: three per table.
CREATE TRIGGER customer_counts_inserted AFTER INSERT ON customers
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_written();
--> statement-breakpoint
CREATE TRIGGER customer_counts_updated AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_written();
--> statement-breakpoint
CREATE TRIGGER customer_counts_deleted AFTER DELETE ON customers
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_written();
--> statement-breakpoint
CREATE TRIGGER payment_totals_inserted AFTER INSERT ON payments
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_written();
--> statement-breakpoint
CREATE TRIGGER payment_totals_updated AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_written();
--> statement-breakpoint
CREATE TRIGGER payment_totals_deleted AFTER DELETE ON payments
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_written();
--> statement-breakpoint
-- The totals of the rows already there. The triggers above hold locks on both tables that keep out every write
-- until this migration commits, so nothing is counted twice or missed.
INSERT INTO customer_counts (organization_id, active, inactive, pending, deleted, purged)
SELECT organization_id,
       count(*) FILTER (WHERE status = 'ACTIVE'),
       count(*) FILTER (WHERE status = 'INACTIVE'),
       count(*) FILTER (WHERE status = 'PENDING'),
       count(*) FILTER (WHERE status = 'DELETED'),
       count(*) FILTER (WHERE status = 'PURGED')
FROM customers GROUP BY organization_id;
--> statement-breakpoint
INSERT INTO payment_totals (organization_id, currency, payments, completed_cents, pending_cents)
SELECT organization_id, currency, count(*),
       coalesce(sum(amount_cents - refunded_cents) FILTER (WHERE status = 'COMPLETED'), 0),
       coalesce(sum(amount_cents) FILTER (WHERE status = 'PENDING'), 0)
FROM payments GROUP BY organization_id, currency;
