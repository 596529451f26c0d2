import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import { timeOfDay } from '../../db/joins.ts';
import {
  customerPlans,
  customers,
  enrollments,
  establishments,
  scheduleSessions,
  schedules,
  sessionAttendance,
  trialBookings,
} from '../../db/schema/index.ts';

type Reader = Database | Transaction;

export type TrialBookingRow = typeof trialBookings.$inferInsert;

export async function findByIdempotencyKey(tx: Transaction, organizationId: string, key: string) {
  const [row] = await tx
    .select({ id: trialBookings.id })
    .from(trialBookings)
    .where(and(eq(trialBookings.organizationId, organizationId), eq(trialBookings.idempotencyKey, key)));
  return row ?? null;
}

/**
 * Customers on the books sharing the e-mail, phone or CPF, locked (after the schedule's lock, decision 013's
 * order), so two bookings of one person wait for each other.
 */
export function lockMatchingCustomers(
  tx: Transaction,
  organizationId: string,
  contact: { email: string; phone: string; cpf: string | null },
) {
  const matches = [eq(customers.email, contact.email), eq(customers.phone, contact.phone)];
  if (contact.cpf)
    matches.push(and(eq(customers.idType, 'CPF'), eq(customers.idNumber, contact.cpf)) as never);
  return tx
    .select({ id: customers.id, firstName: customers.firstName })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), onTheBooks(customers.status), or(...matches)))
    .orderBy(asc(customers.createdAt), asc(customers.id))
    .for('update');
}

/** Whether any of them has had a trial: booked here, or a TRIAL place staff added. */
export async function hasHadTrial(tx: Transaction, organizationId: string, customerIds: string[]) {
  if (customerIds.length === 0) return false;
  const [booked] = await tx
    .select({ id: trialBookings.id })
    .from(trialBookings)
    .where(
      and(eq(trialBookings.organizationId, organizationId), inArray(trialBookings.customerId, customerIds)),
    )
    .limit(1);
  if (booked) return true;
  const [place] = await tx
    .select({ sessionId: sessionAttendance.sessionId })
    .from(sessionAttendance)
    .where(
      and(
        eq(sessionAttendance.organizationId, organizationId),
        inArray(sessionAttendance.customerId, customerIds),
        eq(sessionAttendance.status, 'TRIAL'),
      ),
    )
    .limit(1);
  return !!place;
}

export async function insertLead(
  tx: Transaction,
  row: {
    organizationId: string;
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    idNumber: string | null;
    now: Date;
  },
) {
  await tx.insert(customers).values({
    organizationId: row.organizationId,
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    idType: row.idNumber ? 'CPF' : null,
    idNumber: row.idNumber,
    // A lead: on the books, not yet a paying customer.
    status: 'PENDING',
    notes: null,
    createdAt: row.now,
    updatedAt: row.now,
  });
}

/** The studio's active trial plan (billing, decision 029), the oldest if several. */
export async function findTrialPlan(tx: Transaction, organizationId: string) {
  const [row] = await tx
    .select({
      id: customerPlans.id,
      classCount: customerPlans.classCount,
      validityDays: customerPlans.validityDays,
      priceCents: customerPlans.priceCents,
      currency: customerPlans.currency,
    })
    .from(customerPlans)
    .where(
      and(
        eq(customerPlans.organizationId, organizationId),
        eq(customerPlans.kind, 'TRIAL'),
        eq(customerPlans.isActive, true),
      ),
    )
    .orderBy(asc(customerPlans.createdAt))
    .limit(1);
  return row ?? null;
}

/** The class's name and where it is, for the confirmation. */
export async function findSessionPlace(tx: Transaction, organizationId: string, sessionId: string) {
  const [row] = await tx
    .select({
      sessionName: schedules.name,
      establishmentName: establishments.name,
      address: establishments.address,
    })
    .from(scheduleSessions)
    .innerJoin(
      schedules,
      and(
        eq(schedules.organizationId, scheduleSessions.organizationId),
        eq(schedules.id, scheduleSessions.scheduleId),
      ),
    )
    .innerJoin(
      establishments,
      and(
        eq(establishments.organizationId, schedules.organizationId),
        eq(establishments.id, schedules.establishmentId),
      ),
    )
    .where(and(eq(scheduleSessions.organizationId, organizationId), eq(scheduleSessions.id, sessionId)));
  return row ?? null;
}

export async function insertBooking(tx: Transaction, row: TrialBookingRow) {
  await tx.insert(trialBookings).values(row);
}

/**
 * The bookings of the period (by the class's date), with whether the customer checked in and when they first
 * enrolled after booking.
 */
export function listBookings(db: Reader, organizationId: string, period: { from: string; to: string }) {
  const firstEnrollment = sql<string | null>`(select min(${enrollments.createdAt}) from ${enrollments}
    where ${enrollments.organizationId} = ${trialBookings.organizationId}
      and ${enrollments.customerId} = ${trialBookings.customerId}
      and ${enrollments.createdAt} >= ${trialBookings.bookedAt})`;
  return db
    .select({
      customerId: trialBookings.customerId,
      firstName: customers.firstName,
      lastName: customers.lastName,
      sessionId: trialBookings.sessionId,
      sessionName: schedules.name,
      date: scheduleSessions.date,
      startTime: timeOfDay(scheduleSessions.startTime),
      bookedAt: trialBookings.bookedAt,
      checkedInAt: sessionAttendance.checkedInAt,
      firstEnrolledAt: firstEnrollment,
    })
    .from(trialBookings)
    .innerJoin(
      customers,
      and(
        eq(customers.organizationId, trialBookings.organizationId),
        eq(customers.id, trialBookings.customerId),
      ),
    )
    .innerJoin(
      scheduleSessions,
      and(
        eq(scheduleSessions.organizationId, trialBookings.organizationId),
        eq(scheduleSessions.id, trialBookings.sessionId),
      ),
    )
    .innerJoin(
      schedules,
      and(
        eq(schedules.organizationId, scheduleSessions.organizationId),
        eq(schedules.id, scheduleSessions.scheduleId),
      ),
    )
    .leftJoin(
      sessionAttendance,
      and(
        eq(sessionAttendance.organizationId, trialBookings.organizationId),
        eq(sessionAttendance.sessionId, trialBookings.sessionId),
        eq(sessionAttendance.customerId, trialBookings.customerId),
      ),
    )
    .where(
      and(
        eq(trialBookings.organizationId, organizationId),
        gte(scheduleSessions.date, period.from),
        lt(scheduleSessions.date, sql`(${period.to}::date + 1)`),
      ),
    )
    .orderBy(desc(trialBookings.bookedAt));
}
