import { AppError } from '@reformer/domain/errors';
import type {
  AttendanceChange,
  CustomersAdded,
  MakeUpCreditOutcome,
} from '@reformer/domain/make-up-credit-schemas';
import type { PlaceKind } from '@reformer/domain/make-up-credits';
import type { PurchaseClassOutcome } from '@reformer/domain/purchases';
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
import * as purchaseClasses from '../purchases/purchase-classes.ts';
import * as waitlist from '../waitlist/waitlist-seats.ts';
import * as repository from './attendance.repository.ts';
import { countRoster, enrolledAmong, isEnrolledWithoutRow, type lockSession } from './sessions.repository.ts';
import { changeSession } from './sessions.service.ts';

const CHECK_IN_ACTIONS = ['CHECKIN_CUSTOMERS', 'MANAGE_ATTENDANCE'] as const;

type LockedSession = NonNullable<Awaited<ReturnType<typeof lockSession>>>;

/**
 * All or nothing, decided under the schedule's lock: if the free seats cannot take every customer none is
 * added (SESSION_FULL); a customer already on the roster is refused by the primary key. A make-up
 * (REPOSITION) also spends each customer's oldest valid credit, under their row's lock (decision 023); with `usePurchase`, any other place spends a class of each customer's purchase
 * (decision 029), under the purchases' lock taken after the customers'.
 */
export async function addCustomersToSession(
  db: Database,
  access: OrgAccess,
  sessionId: string,
  input: AddCustomersToSessionValues,
  now: Date,
): Promise<CustomersAdded> {
  const { details, result } = await changeSession(
    db,
    access,
    sessionId,
    ['MANAGE_ATTENDANCE'],
    (tx, session) =>
      addToLockedSession(tx, { organizationId: access.organizationId, sessionId, session, now }, input),
    now,
  );
  return { ...details, ...result };
}

export type LockedPlace = {
  organizationId: string;
  sessionId: string;
  /** Locked by the caller (the session's schedule lock, decision 013's order). */
  session: LockedSession;
  now: Date;
};

/**
 * The locked core of adding customers, inside the caller's transaction under the session's schedule lock:
 * staff's POST …/customers and the customer portal's booking (decision 039) run the same seat check, the
 * same waitlist hold and the same spending. `creditIds` narrows which credits a make-up may spend (the
 * portal's rules); staff's add spends the oldest valid one.
 */
export async function addToLockedSession(
  tx: Transaction,
  place: LockedPlace,
  input: AddCustomersToSessionValues,
  options: { creditIds?: readonly string[] } = {},
): Promise<Pick<CustomersAdded, 'spentCredits' | 'spentPurchases'>> {
  const { organizationId, sessionId, session, now } = place;
  const isMakeUp = input.status === 'REPOSITION';
  if (!session.isActive) throw new AppError('SESSION_INACTIVE');
  const strength = isMakeUp ? 'update' : 'share';
  const found = await repository.lockActiveCustomers(tx, organizationId, input.customerIds, strength);
  if (found.length !== input.customerIds.length) throw new AppError('CUSTOMER_NOT_FOUND');
  // An enrolled customer is on the roster already, row or not.
  const alreadyEnrolled = await enrolledAmong(tx, { organizationId, sessionId }, input.customerIds);
  if (alreadyEnrolled.length > 0) throw new AppError('SESSION_CUSTOMER_DUPLICATE');
  const { rosterCount } = await countRoster(tx, organizationId, sessionId);
  // A seat offered to someone on the waitlist is held for them until the offer ends (decision 024); a
  // customer added here takes their own offer's seat, and leaves the line.
  const held = await waitlist.heldSeats(tx, { organizationId, sessionId, now }, input.customerIds);
  const seats = countsTowardCapacity(input.status) ? input.customerIds.length : 0;
  if (rosterCount + held + seats > session.capacity) throw new AppError('SESSION_FULL');
  await insertAdded(tx, input, { organizationId, sessionId, now });
  if (seats > 0) await waitlist.seatedFromLine(tx, { organizationId, sessionId, now }, input.customerIds);
  const booked = { id: sessionId, ...session };
  if (isMakeUp) {
    const booking = { organizationId, session: booked, customers: found, now, creditIds: options.creditIds };
    return { spentCredits: await credits.spendCredits(tx, booking), spentPurchases: [] };
  }
  if (!input.usePurchase) return { spentCredits: [], spentPurchases: [] };
  const isTrial = input.status === 'TRIAL';
  const booking = { organizationId, session: booked, customers: found, isTrial, now };
  return { spentCredits: [], spentPurchases: await purchaseClasses.spendClasses(tx, booking) };
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
 * A status change by a member with MANAGE_ATTENDANCE at the session's establishment; the change itself is
 * `changeAttendanceStatus`, which the customer's class link (decision 025) runs too.
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
    (tx, session) => changeAttendanceStatus(tx, { ...key, session, now, publicUrl }, status),
    now,
  );
  return { ...details, makeUpCredit: result.makeUpCredit, purchaseClass: result.purchaseClass };
}

export type PlaceChange = {
  organizationId: string;
  sessionId: string;
  customerId: string;
  /** Locked by the caller (the session's schedule lock, decision 013's order). */
  session: LockedSession;
  now: Date;
  /** Where a waitlist offer's link points. */
  publicUrl: string;
};

/**
 * The one status change, inside the caller's transaction under the session's schedule lock. A canceled
 * customer who is confirmed again needs a free seat, like a new one. An enrolled customer with no row yet
 * (CONFIRMED by their enrollment) gets one, holding the status set. Cancelling decides the make-up credit in
 * the same transaction and answers it; confirming again returns the credit unless it was spent. REPOSITION
 * comes only with a credit spent on the place (booking a make-up adds the customer). A seat freed (a
 * cancellation, a canceled make-up) is offered to the waitlist in the same transaction. Answers the status
 * before the change too, so a caller can tell a second cancellation from the first.
 */
export async function changeAttendanceStatus(
  tx: Transaction,
  place: PlaceChange,
  status: AttendanceStatus,
): Promise<{
  previousStatus: AttendanceStatus;
  makeUpCredit: MakeUpCreditOutcome | null;
  purchaseClass: PurchaseClassOutcome | null;
}> {
  const { session, now, publicUrl } = place;
  const key = {
    organizationId: place.organizationId,
    sessionId: place.sessionId,
    customerId: place.customerId,
  };
  const recorded = isUuid(key.customerId) ? await repository.findAttendance(tx, key) : null;
  const enrolled = !recorded && isUuid(key.customerId) && (await isEnrolledWithoutRow(tx, key));
  if (!recorded && !enrolled) throw new AppError('SESSION_CUSTOMER_NOT_FOUND');
  const current = recorded?.status ?? 'CONFIRMED';
  const kind = await placeKind(tx, key, recorded?.source ?? 'ENROLLMENT');
  if (status === 'REPOSITION' && current !== 'REPOSITION' && kind !== 'MAKE_UP')
    throw new AppError('MAKE_UP_NOT_BOOKED');
  if (countsTowardCapacity(status) && !countsTowardCapacity(current)) {
    const { rosterCount } = await countRoster(tx, key.organizationId, key.sessionId);
    const held = await waitlist.heldSeats(tx, { ...key, now });
    if (rosterCount + held >= session.capacity) throw new AppError('SESSION_FULL');
  }
  const change = { current, status };
  // A place a purchase paid for is settled by its class coming back or not, never by a make-up credit.
  const purchaseClass = await purchaseClasses.settleStatusChange(tx, { ...key, session, now }, change);
  const makeUpCredit = purchaseClass
    ? null
    : await credits.settleStatusChange(tx, { ...key, session, kind, now }, change);
  if (recorded) await repository.setAttendanceStatus(tx, key, status, now);
  else await repository.insertAttendance(tx, [enrollmentRow(key, { status, now })]);
  if (countsTowardCapacity(current) && !countsTowardCapacity(status))
    await waitlist.offerFreedSeats(tx, { ...key, now, publicUrl }, session);
  return { previousStatus: current, makeUpCredit, purchaseClass };
}

/** What put the customer on the session, for the credit rule: their enrollment, a credit (a make-up), or neither. */
export async function placeKind(
  tx: Transaction,
  key: { organizationId: string; sessionId: string; customerId: string },
  source: 'ENROLLMENT' | 'ADDED',
): Promise<PlaceKind> {
  if (source === 'ENROLLMENT') return 'ENROLLED';
  return (await credits.isMakeUpPlace(tx, key)) ? 'MAKE_UP' : 'OTHER';
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
  const { details } = await changeSession(
    db,
    access,
    target.sessionId,
    CHECK_IN_ACTIONS,
    async (tx) => {
      if (!isUuid(target.customerId)) throw new AppError('SESSION_CUSTOMER_NOT_FOUND');
      if (await repository.setCheckedIn(tx, key, at, now)) return;
      if (!(await isEnrolledWithoutRow(tx, key))) throw new AppError('SESSION_CUSTOMER_NOT_FOUND');
      // Enrolled with no row: nothing to undo; a check-in records it with the enrollment's CONFIRMED.
      if (at) await repository.insertAttendance(tx, [enrollmentRow(key, { status: 'CONFIRMED', now, at })]);
    },
    now,
  );
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
