import { AppError } from '@reformer/domain/errors';
import type { AttendanceChange, CustomersAdded } from '@reformer/domain/make-up-credit-schemas';
import {
  type AddCustomersToSessionValues,
  type AttendanceStatus,
  countsTowardCapacity,
} from '@reformer/domain/sessions';
import { isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/database-errors.ts';
import type { OrgAccess } from '../../lib/http.ts';
import * as credits from '../make-up-credits/make-up-credit-ledger.ts';
import * as waitlist from '../waitlist/waitlist-seats.ts';
import * as repository from './attendance.repository.ts';
import { countRoster, enrolledAmong, isEnrolledWithoutRow } from './sessions.repository.ts';
import { changeSession } from './sessions.service.ts';

const CHECK_IN_ACTIONS = ['CHECKIN_CUSTOMERS', 'MANAGE_ATTENDANCE'] as const;

/**
 * All or nothing, decided under the schedule's lock: if the free seats cannot take every customer none is
 * added (SESSION_FULL); a customer already on the roster is refused by the primary key. A make-up
 * (REPOSITION) also spends each customer's oldest valid credit, under their row's lock (decision 023).
 */
export async function addCustomersToSession(
  db: Database,
  access: OrgAccess,
  sessionId: string,
  input: AddCustomersToSessionValues,
  now: Date,
): Promise<CustomersAdded> {
  const { organizationId } = access;
  const isMakeUp = input.status === 'REPOSITION';
  const { details, result } = await changeSession(
    db,
    access,
    sessionId,
    ['MANAGE_ATTENDANCE'],
    async (tx, session) => {
      if (!session.isActive) throw new AppError('SESSION_INACTIVE');
      const strength = isMakeUp ? 'update' : 'share';
      const found = await repository.lockActiveCustomers(tx, organizationId, input.customerIds, strength);
      if (found.length !== input.customerIds.length) throw new AppError('CUSTOMER_NOT_FOUND');
      // An enrolled customer is on the roster already, row or not.
      const alreadyEnrolled = await enrolledAmong(tx, { organizationId, sessionId }, input.customerIds);
      if (alreadyEnrolled.length > 0) throw new AppError('SESSION_CUSTOMER_DUPLICATE');
      const { rosterCount } = await countRoster(tx, organizationId, sessionId);
      // A seat offered to someone on the waitlist is held for them until the offer ends (decision 024).
      const held = await waitlist.heldSeats(tx, { organizationId, sessionId, now });
      const seats = countsTowardCapacity(input.status) ? input.customerIds.length : 0;
      if (rosterCount + held + seats > session.capacity) throw new AppError('SESSION_FULL');
      await insertAdded(tx, input, { organizationId, sessionId, now });
      if (!isMakeUp) return [];
      const booked = { id: sessionId, ...session };
      return credits.spendCredits(tx, { organizationId, session: booked, customers: found, now });
    },
  );
  return { ...details, spentCredits: result };
}

async function insertAdded(
  tx: Transaction,
  input: AddCustomersToSessionValues,
  at: { organizationId: string; sessionId: string; now: Date },
) {
  const rows = input.customerIds.map((customerId) => ({
    organizationId: at.organizationId,
    sessionId: at.sessionId,
    customerId,
    source: 'ADDED' as const,
    status: input.status,
    reason: input.reason,
    notes: input.notes,
    createdAt: at.now,
    updatedAt: at.now,
  }));
  await repository.insertAttendance(tx, rows).catch((error: unknown) => {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('SESSION_CUSTOMER_DUPLICATE');
    throw error;
  });
}

/**
 * A canceled customer who is confirmed again needs a free seat, like a new one. An enrolled customer with no
 * row yet (CONFIRMED by their enrollment) gets one, holding the status staff set. Cancelling decides the
 * make-up credit in the same transaction and answers it; confirming again returns the credit unless it was
 * spent. REPOSITION comes only with a credit spent on the place (booking a make-up adds the customer). A
 * seat freed (a cancellation, a canceled make-up) is offered to the waitlist in the same transaction;
 * `publicUrl` is where the offer's link points.
 */
export async function updateAttendance(
  db: Database,
  access: OrgAccess,
  target: { sessionId: string; customerId: string },
  status: AttendanceStatus,
  now: Date,
  publicUrl: string,
): Promise<AttendanceChange> {
  const key = { organizationId: access.organizationId, ...target };
  const { details, result } = await changeSession(
    db,
    access,
    target.sessionId,
    ['MANAGE_ATTENDANCE'],
    async (tx, session) => {
      const recorded = isUuid(target.customerId) ? await repository.findAttendance(tx, key) : null;
      const enrolled = !recorded && isUuid(target.customerId) && (await isEnrolledWithoutRow(tx, key));
      if (!recorded && !enrolled) throw new AppError('SESSION_CUSTOMER_NOT_FOUND');
      const current = recorded?.status ?? 'CONFIRMED';
      const isEnrolledPlace = enrolled || recorded?.source === 'ENROLLMENT';
      const isMakeUp = !isEnrolledPlace && (await credits.isMakeUpPlace(tx, key));
      if (status === 'REPOSITION' && current !== 'REPOSITION' && !isMakeUp)
        throw new AppError('MAKE_UP_NOT_BOOKED');
      if (countsTowardCapacity(status) && !countsTowardCapacity(current)) {
        const { rosterCount } = await countRoster(tx, key.organizationId, target.sessionId);
        const held = await waitlist.heldSeats(tx, { ...key, now });
        if (rosterCount + held >= session.capacity) throw new AppError('SESSION_FULL');
      }
      const kind = isEnrolledPlace ? 'ENROLLED' : isMakeUp ? 'MAKE_UP' : 'OTHER';
      const outcome = await credits.settleStatusChange(
        tx,
        { ...key, session, kind, now },
        { current, status },
      );
      if (recorded) await repository.setAttendanceStatus(tx, key, status, now);
      else await repository.insertAttendance(tx, [enrollmentRow(key, { status, now })]);
      if (countsTowardCapacity(current) && !countsTowardCapacity(status))
        await waitlist.offerFreedSeats(tx, { ...key, now, publicUrl }, session);
      return outcome;
    },
  );
  return { ...details, makeUpCredit: result };
}

/** Check-in records presence apart from the status; checking in twice keeps the first time. */
export async function checkIn(
  db: Database,
  access: OrgAccess,
  target: { sessionId: string; customerId: string },
  now: Date,
) {
  return setCheckIn(db, access, target, now, now);
}

export async function undoCheckIn(
  db: Database,
  access: OrgAccess,
  target: { sessionId: string; customerId: string },
  now: Date,
) {
  return setCheckIn(db, access, target, null, now);
}

async function setCheckIn(
  db: Database,
  access: OrgAccess,
  target: { sessionId: string; customerId: string },
  at: Date | null,
  now: Date,
) {
  const key = { organizationId: access.organizationId, ...target };
  const { details } = await changeSession(db, access, target.sessionId, CHECK_IN_ACTIONS, async (tx) => {
    if (!isUuid(target.customerId)) throw new AppError('SESSION_CUSTOMER_NOT_FOUND');
    if (await repository.setCheckedIn(tx, key, at, now)) return;
    if (!(await isEnrolledWithoutRow(tx, key))) throw new AppError('SESSION_CUSTOMER_NOT_FOUND');
    // Enrolled with no row: nothing to undo; a check-in records it with the enrollment's CONFIRMED.
    if (at) await repository.insertAttendance(tx, [enrollmentRow(key, { status: 'CONFIRMED', now, at })]);
  });
  return details;
}

/** The attendance row of an enrolled customer, written the first time staff record something for them. */
function enrollmentRow(
  key: { organizationId: string; sessionId: string; customerId: string },
  values: { status: AttendanceStatus; now: Date; at?: Date },
): repository.AttendanceRow {
  return {
    ...key,
    source: 'ENROLLMENT',
    status: values.status,
    checkedInAt: values.at ?? null,
    createdAt: values.now,
    updatedAt: values.now,
  };
}
