import type { AttendanceStatus } from '@reformer/domain/sessions';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { customers, sessionAttendance } from '../../db/schema/index.ts';

export type AttendanceRow = typeof sessionAttendance.$inferInsert;
type EntryKey = { organizationId: string; sessionId: string; customerId: string };

/**
 * The customers still on the books among `ids`, share-locked: a delete or purge waits for this roster
 * change and then clears what it added, or wins first and the customer is not found.
 */
export async function lockActiveCustomers(tx: Transaction, organizationId: string, ids: string[]) {
  const rows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.organizationId, organizationId),
        inArray(customers.id, ids),
        notInArray(customers.status, ['DELETED', 'PURGED']),
      ),
    )
    .for('share');
  return rows.map((row) => row.id);
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

export async function findAttendanceStatus(tx: Transaction, key: EntryKey) {
  const [row] = await tx
    .select({ status: sessionAttendance.status })
    .from(sessionAttendance)
    .where(entry(key));
  return row?.status ?? null;
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
