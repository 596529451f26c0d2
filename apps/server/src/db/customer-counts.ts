import { CUSTOMER_STATUSES, type CustomerStatus, ON_THE_BOOKS_STATUSES } from '@reformer/domain/customers';
import { type AnyColumn, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { customerCounts } from './schema/index.ts';

const keptCountOf: Record<CustomerStatus, AnyColumn> = {
  ACTIVE: customerCounts.active,
  INACTIVE: customerCounts.inactive,
  PENDING: customerCounts.pending,
  DELETED: customerCounts.deleted,
  PURGED: customerCounts.purged,
};

/**
 * How many of the organization's customers have `status` — a status, or one arriving as a placeholder — or,
 * without one, are on the books: the sum of the organization's kept rows (migration 0044). Counting the
 * customers instead read every one of them on every call, and grew with the studio (decision 018, session 22).
 * The customer list's total and the dashboard's active customers read it.
 */
export function keptCustomerCount(
  db: Database,
  organizationId: string | Placeholder,
  status?: CustomerStatus | Placeholder,
) {
  let perRow: SQL | AnyColumn;
  if (status === undefined)
    perRow = sql.join(
      ON_THE_BOOKS_STATUSES.map((each) => keptCountOf[each]),
      sql` + `,
    );
  else if (typeof status === 'string') perRow = keptCountOf[status];
  else
    perRow = sql`case ${status}::customer_status ${sql.join(
      CUSTOMER_STATUSES.map((each) => sql`when ${sql.raw(`'${each}'`)} then ${keptCountOf[each]}`),
      sql` `,
    )} end`;
  return db
    .select({ value: sql<number>`coalesce(sum(${perRow}), 0)::int` })
    .from(customerCounts)
    .where(eq(customerCounts.organizationId, organizationId));
}
