import type { AttendanceStatus } from '@reformer/domain/sessions';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import { customers, sessionAttendance } from '../../db/schema/index.ts';

export type AttendanceRow = typeof sessionAttendance.$inferInsert;
type EntryKey = { organizationId: string; sessionId: string; customerId: string };

/**
 * The customers still on the books among `ids`, share-locked: a delete or purge waits for this roster
 * change and then clears what it added, or wins first and the customer is not found. `update` for a
 * make-up, which spends the customers' credits: two bookings of one customer then take turns. Locked in id
 * order, so two requests naming the same customers cannot each hold one the other waits for.
 */
export async function lockActiveCustomers(
  tx: Transaction,
  organizationId: string,
  ids: string[],
  strength: 'share' | 'update' = 'share',
) {
  return tx
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(
      and(
        eq(customers.organizationId, organizationId),
        inArray(customers.id, ids),
        onTheBooks(customers.status),
      ),
    )
    .orderBy(asc(customers.id))
    .for(strength);
}

export async function insertAttendance(tx: Transaction, rows: AttendanceRow[]) {
  await tx.insert(sessionAttendance).values(rows);
}

function entry(key: EntryKey) {
  return and(
    eq(sessionAttendance.organizationId, key.organizationId),
    eq(sessionAttendance.sessionId, key.sessionId),
    eq(sessionAttendance.customerId, key.customerId),
  );
}

export async function findAttendance(tx: Transaction, key: EntryKey) {
  const [row] = await tx
    .select({ status: sessionAttendance.status, source: sessionAttendance.source })
    .from(sessionAttendance)
    .where(entry(key));
  return row ?? null;
}

export async function setAttendanceStatus(
  tx: Transaction,
  key: EntryKey,
  status: AttendanceStatus,
  now: Date,
) {
  await tx.update(sessionAttendance).set({ status, updatedAt: now }).where(entry(key));
}

/** Checking in twice keeps the first time; `at` null undoes it. False when the customer is not on the roster. */
export async function setCheckedIn(tx: Transaction, key: EntryKey, at: Date | null, now: Date) {
  const rows = await tx
    .update(sessionAttendance)
    .set({ checkedInAt: at ? sql`coalesce(${sessionAttendance.checkedInAt}, ${at})` : null, updatedAt: now })
    .where(entry(key))
    .returning({ customerId: sessionAttendance.customerId });
  return rows.length > 0;
}
