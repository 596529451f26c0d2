import type { Currency } from '@reformer/domain/money';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { onTheBooksLiterally } from '../../db/customers-on-the-books.ts';
import { billingCycles, customers, payments } from '../../db/schema/index.ts';

/**
 * The credit balance of every customer on the books per currency, where it is above zero (decision 028:
 * Σ credited of COMPLETED payments − Σ credit applied to cycles, as payments `creditBalances` reads one
 * customer's), as a subquery (customer_id, name, sort_name, currency, balance_cents).
 */
function positiveBalances(organizationId: string, currency: Currency | undefined): SQL {
  const inCurrency = (column: SQL) => (currency ? sql`and ${column} = ${currency}` : sql``);
  return sql`(
    select entries.customer_id, trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName})) as name,
      ${customers.sortName} as sort_name, entries.currency, sum(entries.cents)::bigint as balance_cents
    from (
      select ${payments.customerId} as customer_id, ${payments.currency} as currency, ${payments.creditedCents} as cents
      from ${payments}
      where ${payments.organizationId} = ${organizationId} and ${payments.status} = 'COMPLETED'
        and ${payments.creditedCents} > 0 ${inCurrency(sql`${payments.currency}`)}
      union all
      select ${billingCycles.customerId}, ${billingCycles.currency}, -${billingCycles.creditAppliedCents}
      from ${billingCycles}
      where ${billingCycles.organizationId} = ${organizationId} and ${billingCycles.creditAppliedCents} > 0
        ${inCurrency(sql`${billingCycles.currency}`)}
    ) as entries
    join ${customers} on ${customers.organizationId} = ${organizationId} and ${customers.id} = entries.customer_id
      and ${onTheBooksLiterally(customers.status)}
    group by entries.customer_id, ${customers.firstName}, ${customers.lastName}, ${customers.sortName}, entries.currency
    having sum(entries.cents) > 0
  )`;
}

/** Per currency: how many customers hold credit, and its sum. */
export async function sumCreditBalances(db: Database, organizationId: string) {
  const result = await db.execute(sql`
    select currency, count(*)::int as customers, sum(balance_cents)::bigint as balance
    from ${positiveBalances(organizationId, undefined)} as balances
    group by currency order by currency`);
  const { rows } = result as unknown as {
    rows: { currency: Currency; customers: number; balance: string }[];
  };
  return rows.map((row) => ({
    currency: row.currency,
    customers: row.customers,
    balanceCents: Number(row.balance),
  }));
}

/** A page of customers with credit, largest balance first (then by name), and how many there are. */
export async function listCustomerCredits(
  db: Database,
  organizationId: string,
  filter: { currency?: Currency | undefined; page: number; limit: number },
) {
  const balances = positiveBalances(organizationId, filter.currency);
  const [page, counted] = await Promise.all([
    db.execute(sql`
      select customer_id, name, currency, balance_cents from ${balances} as balances
      order by balance_cents desc, sort_name collate "C", customer_id, currency
      limit ${filter.limit} offset ${(filter.page - 1) * filter.limit}`),
    db.execute(sql`select count(*)::int as total from ${balances} as balances`),
  ]);
  const { rows } = page as unknown as {
    rows: { customer_id: string; name: string; currency: Currency; balance_cents: string }[];
  };
  const [total] = (counted as unknown as { rows: { total: number }[] }).rows;
  return {
    items: rows.map((row) => ({
      customerId: row.customer_id,
      name: row.name,
      currency: row.currency,
      balanceCents: Number(row.balance_cents),
    })),
    total: total?.total ?? 0,
  };
}
