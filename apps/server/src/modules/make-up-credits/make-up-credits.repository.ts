import type { MakeUpCreditSettings } from '@reformer/domain/make-up-credits';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { establishmentOfSchedule, scheduleOfSession, timeOfDay } from '../../db/joins.ts';
import { creditStateOn } from '../../db/make-up-credit-state.ts';
import {
  customers,
  establishments,
  makeUpCreditSettings,
  makeUpCredits,
  noCreditDates,
  scheduleSessions,
  schedules,
  sessionAttendance,
} from '../../db/schema/index.ts';

type Reader = Database | Transaction;
type DateKey = { organizationId: string; establishmentId: string; date: string };

export async function findSettings(db: Reader, organizationId: string) {
  const [row] = await db
    .select({
      noticeHours: makeUpCreditSettings.noticeHours,
      monthlyLimit: makeUpCreditSettings.monthlyLimit,
      validity: makeUpCreditSettings.validity,
      validityDays: makeUpCreditSettings.validityDays,
      allowMakeUpOfMakeUp: makeUpCreditSettings.allowMakeUpOfMakeUp,
      portalBookingHours: makeUpCreditSettings.portalBookingHours,
      portalMakeUpScope: makeUpCreditSettings.portalMakeUpScope,
    })
    .from(makeUpCreditSettings)
    .where(eq(makeUpCreditSettings.organizationId, organizationId));
  return row ?? null;
}

export async function saveSettings(
  db: Reader,
  organizationId: string,
  values: MakeUpCreditSettings,
  now: Date,
) {
  const row = { ...values, updatedAt: now };
  await db
    .insert(makeUpCreditSettings)
    .values({ organizationId, ...row })
    .onConflictDoUpdate({ target: makeUpCreditSettings.organizationId, set: row });
}

export async function establishmentExists(db: Reader, organizationId: string, establishmentId: string) {
  const [row] = await db
    .select({ id: establishments.id })
    .from(establishments)
    .where(and(eq(establishments.organizationId, organizationId), eq(establishments.id, establishmentId)));
  return row !== undefined;
}

const dateColumns = {
  establishmentId: noCreditDates.establishmentId,
  date: noCreditDates.date,
  name: noCreditDates.name,
};

export async function listNoCreditDates(db: Reader, organizationId: string, establishmentId: string) {
  return db
    .select(dateColumns)
    .from(noCreditDates)
    .where(
      and(
        eq(noCreditDates.organizationId, organizationId),
        eq(noCreditDates.establishmentId, establishmentId),
      ),
    )
    .orderBy(asc(noCreditDates.date));
}

/** Adds the date, or renames it when the establishment has it already. */
export async function saveNoCreditDate(db: Reader, key: DateKey, name: string) {
  const [row] = await db
    .insert(noCreditDates)
    .values({ ...key, name })
    .onConflictDoUpdate({
      target: [noCreditDates.organizationId, noCreditDates.establishmentId, noCreditDates.date],
      set: { name },
    })
    .returning(dateColumns);
  return row;
}

const dateEntry = (key: DateKey) =>
  and(
    eq(noCreditDates.organizationId, key.organizationId),
    eq(noCreditDates.establishmentId, key.establishmentId),
    eq(noCreditDates.date, key.date),
  );

export async function deleteNoCreditDate(db: Reader, key: DateKey) {
  const rows = await db.delete(noCreditDates).where(dateEntry(key)).returning({ date: noCreditDates.date });
  return rows.length > 0;
}

export async function isNoCreditDate(db: Reader, key: DateKey) {
  const [row] = await db.select({ date: noCreditDates.date }).from(noCreditDates).where(dateEntry(key));
  return row !== undefined;
}

export async function customerExists(db: Reader, organizationId: string, customerId: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)));
  return row !== undefined;
}

/** Each session with what the customer's details show of it; `name` tells two uses apart in one query. */
function sessionLabels<Name extends string>(db: Reader, name: Name) {
  return db
    .select({
      organizationId: scheduleSessions.organizationId,
      id: scheduleSessions.id,
      date: scheduleSessions.date,
      startTime: timeOfDay(scheduleSessions.startTime).as(`${name}_start_time`),
      scheduleName: sql<string>`${schedules.name}`.as(`${name}_schedule_name`),
      establishmentName: sql<string>`${establishments.name}`.as(`${name}_establishment_name`),
    })
    .from(scheduleSessions)
    .innerJoin(schedules, scheduleOfSession)
    .innerJoin(establishments, establishmentOfSchedule)
    .as(name);
}

/**
 * A customer's credits with their state on `today` (a local date of the organization) and the sessions they
 * came from and paid for, newest first.
 */
export async function listCustomerCredits(
  db: Reader,
  key: { organizationId: string; customerId: string },
  today: string,
) {
  const { organizationId, customerId } = key;
  const canceled = sessionLabels(db, 'canceled');
  const used = sessionLabels(db, 'used');
  return db
    .select({
      id: makeUpCredits.id,
      state: creditStateOn(makeUpCredits, today),
      earnedAt: makeUpCredits.earnedAt,
      expiresOn: makeUpCredits.expiresOn,
      usedAt: makeUpCredits.usedAt,
      canceledSession: {
        id: canceled.id,
        date: canceled.date,
        startTime: canceled.startTime,
        scheduleName: canceled.scheduleName,
        establishmentName: canceled.establishmentName,
      },
      usedSession: {
        id: used.id,
        date: used.date,
        startTime: used.startTime,
        scheduleName: used.scheduleName,
        establishmentName: used.establishmentName,
      },
    })
    .from(makeUpCredits)
    .innerJoin(
      canceled,
      and(
        eq(canceled.organizationId, makeUpCredits.organizationId),
        eq(canceled.id, makeUpCredits.canceledSessionId),
      ),
    )
    .leftJoin(
      used,
      and(eq(used.organizationId, makeUpCredits.organizationId), eq(used.id, makeUpCredits.usedSessionId)),
    )
    .where(and(eq(makeUpCredits.organizationId, organizationId), eq(makeUpCredits.customerId, customerId)))
    .orderBy(desc(makeUpCredits.earnedAt), desc(makeUpCredits.id));
}

/**
 * A purge (decision 021): a credit stays only as the record of a make-up place that stays — spent, and its
 * roster row still there (the purge removes the upcoming ones first). Unused credits, which nobody can spend
 * any more, and those whose make-up place is gone, are deleted. What stays names no one: ids, dates, instants.
 */
export async function eraseCustomerCredits(tx: Transaction, organizationId: string, customerId: string) {
  await tx.delete(makeUpCredits).where(
    and(
      eq(makeUpCredits.organizationId, organizationId),
      eq(makeUpCredits.customerId, customerId),
      sql`not exists (select 1 from ${sessionAttendance} a
        where a.organization_id = ${makeUpCredits.organizationId} and a.session_id = ${makeUpCredits.usedSessionId}
          and a.customer_id = ${makeUpCredits.customerId})`,
    ),
  );
}
