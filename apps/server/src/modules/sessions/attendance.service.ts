import { AppError } from '@reformer/domain/errors';
import {
  type AddCustomersToSessionValues,
  type AttendanceStatus,
  countsTowardCapacity,
} from '@reformer/domain/sessions';
import { isUuid } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import { databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/database-errors.ts';
import type { OrgAccess } from '../../lib/http.ts';
import * as repository from './attendance.repository.ts';
import { countRoster, enrolledAmong, isEnrolledWithoutRow } from './sessions.repository.ts';
import { changeSession } from './sessions.service.ts';

const CHECK_IN_ACTIONS = ['CHECKIN_CUSTOMERS', 'MANAGE_ATTENDANCE'] as const;

/**
 * All or nothing, decided under the schedule's lock: if the free seats cannot take every customer none is
 * added (SESSION_FULL); a customer already on the roster is refused by the primary key.
 */
export async function addCustomersToSession(
  db: Database,
  access: OrgAccess,
  sessionId: string,
  input: AddCustomersToSessionValues,
  now: Date,
) {
  const { organizationId } = access;
  return changeSession(db, access, sessionId, ['MANAGE_ATTENDANCE'], async (tx, session) => {
    if (!session.isActive) throw new AppError('SESSION_INACTIVE');
    const found = await repository.lockActiveCustomers(tx, organizationId, input.customerIds);
    if (found.length !== input.customerIds.length) throw new AppError('CUSTOMER_NOT_FOUND');
    // An enrolled customer is on the roster already, row or not.
    const alreadyEnrolled = await enrolledAmong(tx, { organizationId, sessionId }, input.customerIds);
    if (alreadyEnrolled.length > 0) throw new AppError('SESSION_CUSTOMER_DUPLICATE');
    const { rosterCount } = await countRoster(tx, organizationId, sessionId);
    const seats = countsTowardCapacity(input.status) ? input.customerIds.length : 0;
    if (rosterCount + seats > session.capacity) throw new AppError('SESSION_FULL');
    const rows = input.customerIds.map((customerId) => ({
      organizationId,
      sessionId,
      customerId,
      source: 'ADDED' as const,
      status: input.status,
      reason: input.reason,
      notes: input.notes,
      createdAt: now,
      updatedAt: now,
    }));
    await repository.insertAttendance(tx, rows).catch((error: unknown) => {
      if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw new AppError('SESSION_CUSTOMER_DUPLICATE');
      throw error;
    });
  });
}

/**
 * A canceled customer who is confirmed again needs a free seat, like a new one. An enrolled customer with no
 * row yet (CONFIRMED by their enrollment) gets one, holding the status staff set.
 */
export async function updateAttendance(
  db: Database,
  access: OrgAccess,
  target: { sessionId: string; customerId: string },
  status: AttendanceStatus,
  now: Date,
) {
  const key = { organizationId: access.organizationId, ...target };
  return changeSession(db, access, target.sessionId, ['MANAGE_ATTENDANCE'], async (tx, session) => {
    const recorded = isUuid(target.customerId) ? await repository.findAttendanceStatus(tx, key) : null;
    const enrolled = !recorded && isUuid(target.customerId) && (await isEnrolledWithoutRow(tx, key));
    if (!recorded && !enrolled) throw new AppError('SESSION_CUSTOMER_NOT_FOUND');
    const current = recorded ?? 'CONFIRMED';
    if (countsTowardCapacity(status) && !countsTowardCapacity(current)) {
      const { rosterCount } = await countRoster(tx, key.organizationId, target.sessionId);
      if (rosterCount >= session.capacity) throw new AppError('SESSION_FULL');
    }
    if (recorded) return repository.setAttendanceStatus(tx, key, status, now);
    await repository.insertAttendance(tx, [enrollmentRow(key, { status, now })]);
  });
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
  return changeSession(db, access, target.sessionId, CHECK_IN_ACTIONS, async (tx) => {
    if (!isUuid(target.customerId)) throw new AppError('SESSION_CUSTOMER_NOT_FOUND');
    if (await repository.setCheckedIn(tx, key, at, now)) return;
    if (!(await isEnrolledWithoutRow(tx, key))) throw new AppError('SESSION_CUSTOMER_NOT_FOUND');
    // Enrolled with no row: nothing to undo; a check-in records it with the enrollment's CONFIRMED.
    if (at) await repository.insertAttendance(tx, [enrollmentRow(key, { status: 'CONFIRMED', now, at })]);
  });
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
