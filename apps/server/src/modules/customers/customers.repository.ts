import { type CustomerValues, OFF_THE_BOOKS_STATUSES } from '@reformer/domain/customers';
import { and, eq, getTableColumns, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customers, scheduleSessions, sessionAttendance } from '../../db/schema/index.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const {
  searchText: _searchText,
  sortName: _sortName,
  organizationId: _organizationId,
  ...customerColumns
} = getTableColumns(customers);

export async function findCustomer(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)));
  return row ?? null;
}

/**
 * The customer, share-locked until the transaction ends: a purge (which updates the row first) waits for a
 * data export reading the rest of their record, so an export is never half erased.
 */
export async function findCustomerForShare(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)))
    .for('share');
  return row ?? null;
}

export async function insertCustomer(
  db: Database,
  organizationId: string,
  id: string,
  values: CustomerValues,
) {
  const [row] = await db
    .insert(customers)
    .values({ organizationId, id, ...values })
    .returning(customerColumns);
  return row;
}

export async function updateCustomer(
  db: Database | Tx,
  organizationId: string,
  id: string,
  values: Partial<Omit<CustomerRow, 'organizationId' | 'id' | 'searchText' | 'createdAt'>>,
) {
  const [row] = await db
    .update(customers)
    .set(values)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)))
    .returning(customerColumns);
  return row ?? null;
}

/**
 * A change that applies only while the customer is in none of `unlessStatus` (by default: still on the
 * books). Decided by the UPDATE itself, so a purge or delete that commits first wins: PostgreSQL re-checks
 * the condition on the row a concurrent transaction just wrote.
 */
export async function updateCustomerUnless(
  db: Database,
  organizationId: string,
  id: string,
  values: Partial<Omit<CustomerRow, 'organizationId' | 'id' | 'searchText' | 'sortName' | 'createdAt'>>,
  unlessStatus: readonly CustomerRow['status'][] = OFF_THE_BOOKS_STATUSES,
) {
  const [row] = await db
    .update(customers)
    .set(values)
    .where(
      and(
        eq(customers.organizationId, organizationId),
        eq(customers.id, id),
        notInArray(customers.status, [...unlessStatus]),
      ),
    )
    .returning(customerColumns);
  return row ?? null;
}

/**
 * A customer who leaves the books leaves the sessions ahead they were added to; sessions that have started
 * and check-ins stay as history.
 */
export async function removeFromUpcomingSessions(
  tx: Tx,
  organizationId: string,
  customerId: string,
  now: Date,
) {
  await tx.delete(sessionAttendance).where(
    and(
      eq(sessionAttendance.organizationId, organizationId),
      eq(sessionAttendance.customerId, customerId),
      eq(sessionAttendance.source, 'ADDED'),
      isNull(sessionAttendance.checkedInAt),
      sql`exists (select 1 from ${scheduleSessions} s
          where s.organization_id = ${sessionAttendance.organizationId} and s.id = ${sessionAttendance.sessionId}
            and s.starts_at > ${now})`,
    ),
  );
}
