CREATE TABLE "payment_totals" (
	"organization_id" uuid NOT NULL,
	"currency" "currency" NOT NULL,
	"completed_cents" bigint DEFAULT 0 NOT NULL,
	"pending_cents" bigint DEFAULT 0 NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_totals_organization_id_currency_pk" PRIMARY KEY("organization_id","currency")
);
--> statement-breakpoint
ALTER TABLE "payment_totals" ADD CONSTRAINT "payment_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The net change a statement made to the kept totals (decision 018, session 22), per organization and currency,
-- from its payments before and after: what each adds, or takes away. A statement that changes no total (notes,
-- a method, a date) has none. Not while a restore loads a backup's rows nor while the organization is being
-- deleted (migration 0041's rule).
CREATE FUNCTION payment_totals_net(added payments[], removed payments[])
  RETURNS TABLE (organization_id uuid, currency currency, payments integer, completed_cents bigint, pending_cents bigint)
  LANGUAGE sql STABLE AS $$
  select p.organization_id, p.currency, sum(p.sign)::int,
         sum(p.sign * case when p.status = 'COMPLETED' then p.amount_cents - p.refunded_cents else 0 end)::bigint,
         sum(p.sign * case when p.status = 'PENDING' then p.amount_cents else 0 end)::bigint
  from (select a.organization_id, a.currency, a.status, a.amount_cents, a.refunded_cents, 1 as sign
          from unnest(added) as a
        union all
        select r.organization_id, r.currency, r.status, r.amount_cents, r.refunded_cents, -1
          from unnest(removed) as r) as p
  where public.dashboard_marks_wanted(p.organization_id)
  group by p.organization_id, p.currency
  having sum(p.sign) <> 0
    or sum(p.sign * case when p.status = 'COMPLETED' then p.amount_cents - p.refunded_cents else 0 end) <> 0
    or sum(p.sign * case when p.status = 'PENDING' then p.amount_cents else 0 end) <> 0
$$;
--> statement-breakpoint
-- Each organization's rows are written under its advisory lock, taken first and in order, so a transaction
-- writing payments in both currencies never holds one currency's row while waiting for another's. As the
-- table's owner: the tenant role is granted the new table only after the migrations, and an instance of the
-- previous release may write payments meanwhile.
CREATE FUNCTION payment_totals_add(added payments[], removed payments[]) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  select pg_advisory_xact_lock(hashtext('reformer.payment_totals'), hashtext(org::text))
  from (select distinct organization_id as org from public.payment_totals_net(added, removed) order by 1) as changed;
  insert into public.payment_totals as kept (organization_id, currency, payments, completed_cents, pending_cents)
  select * from public.payment_totals_net(added, removed) order by 1, 2
  on conflict (organization_id, currency) do update set
    payments = kept.payments + excluded.payments,
    completed_cents = kept.completed_cents + excluded.completed_cents,
    pending_cents = kept.pending_cents + excluded.pending_cents;
$$;
--> statement-breakpoint
CREATE FUNCTION payment_totals_written() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if tg_op = 'INSERT' then
    perform public.payment_totals_add((select array_agg(a::public.payments) from added a), '{}');
  elsif tg_op = 'DELETE' then
    perform public.payment_totals_add('{}', (select array_agg(r::public.payments) from removed r));
  else
    perform public.payment_totals_add((select array_agg(a::public.payments) from added a), (select array_agg(r::public.payments) from removed r));
  end if;
  return null;
end
$$;
--> statement-breakpoint
-- PostgreSQL allows transition tables only on a trigger of one event and no column list: three triggers.
CREATE TRIGGER payment_totals_inserted AFTER INSERT ON payments
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_written();
--> statement-breakpoint
CREATE TRIGGER payment_totals_updated AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_written();
--> statement-breakpoint
CREATE TRIGGER payment_totals_deleted AFTER DELETE ON payments
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_written();
--> statement-breakpoint
-- The totals of the payments already there. The triggers above hold a lock on payments that keeps out every
-- write until this migration commits, so no payment is counted twice or missed.
INSERT INTO payment_totals (organization_id, currency, payments, completed_cents, pending_cents)
SELECT organization_id, currency, count(*),
       coalesce(sum(amount_cents - refunded_cents) FILTER (WHERE status = 'COMPLETED'), 0),
       coalesce(sum(amount_cents) FILTER (WHERE status = 'PENDING'), 0)
FROM payments GROUP BY organization_id, currency;
