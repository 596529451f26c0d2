import { firstCycleEnd, nextCycleEnd } from '@reformer/domain/billing-cycles';
import { billingCycleMonths } from '@reformer/domain/customer-plans';
import {
  canApply,
  type Enrollment,
  type EnrollmentActionValues,
  type EnrollmentDetails,
  type EnrollmentListQuery,
  type EnrollmentOptionsQuery,
  type EnrollmentValues,
  keepsRenewing,
  sessionsPerWeek,
  weeklyLimitExceeded,
} from '@reformer/domain/enrollments';
import { AppError } from '@reformer/domain/errors';
import { type Action, allowedEstablishments } from '@reformer/domain/permissions';
import { todayIn } from '@reformer/domain/time-zones';
import { v7 as uuidv7 } from 'uuid';
import { assertCanAtEstablishment, isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { databaseErrorCode, FOREIGN_KEY_VIOLATION } from '../../lib/database-errors.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { toTimeOfDay } from '../../lib/local-time.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import * as repository from './enrollments.repository.ts';

/** Who sees an enrollment (below: 404, as if it did not exist) and who may change it (else 403). */
const SEE: readonly Action[] = ['VIEW_ENROLLMENTS', 'MANAGE_ENROLLMENTS'];
const VIEW = { seeWith: SEE, actions: SEE, notFound: 'ENROLLMENT_NOT_FOUND' } as const;
const MANAGE = { ...VIEW, actions: ['MANAGE_ENROLLMENTS'] } as const;
/** A schedule the member may not enroll in is reported as missing, like an enrollment. */
const ENROLL_IN = {
  seeWith: ['VIEW_ENROLLMENTS', 'MANAGE_ENROLLMENTS', 'VIEW_SCHEDULES'],
  actions: ['MANAGE_ENROLLMENTS'],
  notFound: 'SCHEDULE_NOT_FOUND',
} as const;

export function toEnrollment(row: repository.EnrollmentRow): Enrollment {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

async function readEnrollment(db: Database | Transaction, organizationId: string, id: string) {
  const row = await repository.findEnrollment(db, organizationId, id);
  if (!row) throw new AppError('ENROLLMENT_NOT_FOUND');
  return toEnrollment(row);
}

/** Only enrollments in schedules of the establishments where the member may view enrollments. */
export async function listEnrollments(db: Database, access: OrgAccess, query: EnrollmentListQuery) {
  const filter = { ...query, allowed: allowedEstablishments(access.profile, 'VIEW_ENROLLMENTS') };
  const { rows, total } = await repository.listEnrollments(db, access.organizationId, filter, query);
  return { items: rows.map(toEnrollment), total, page: query.page, limit: query.limit };
}

export async function getEnrollmentDetails(
  db: Database,
  access: OrgAccess,
  id: string,
): Promise<EnrollmentDetails> {
  const row = isUuid(id) ? await repository.findEnrollment(db, access.organizationId, id) : null;
  if (!row) throw new AppError('ENROLLMENT_NOT_FOUND');
  assertCanAtEstablishment(access, row.establishmentId, VIEW);
  const sessions = await repository.listCoveredSessions(db, access.organizationId, row);
  return {
    ...toEnrollment(row),
    sessions: sessions.map((session) => ({
      ...session,
      startTime: toTimeOfDay(session.startTime),
      endTime: toTimeOfDay(session.endTime),
      startsAt: session.startsAt.toISOString(),
      checkedInAt: session.checkedInAt?.toISOString() ?? null,
    })),
  };
}

/** The plans, and the schedules with their free seats over the period (default: from today on). */
export async function getEnrollmentOptions(
  db: Database,
  access: OrgAccess,
  query: EnrollmentOptionsQuery,
  now: Date,
) {
  const from = query.startDate ?? todayIn(await organizationTimeZone(db, access.organizationId), now);
  const allowed = allowedEstablishments(access.profile, 'VIEW_ENROLLMENTS');
  const [plans, schedules] = await Promise.all([
    repository.listPlanOptions(db, access.organizationId),
    repository.listScheduleAvailability(db, access.organizationId, {
      allowed,
      from,
      to: query.endDate ?? null,
      exceptEnrollmentId: query.enrollmentId ?? null,
      now,
    }),
  ]);
  return {
    plans,
    schedules: schedules.map((schedule) => ({
      ...schedule,
      startTime: toTimeOfDay(schedule.startTime),
      endTime: toTimeOfDay(schedule.endTime),
    })),
  };
}

type Schedule = NonNullable<Awaited<ReturnType<typeof repository.lockScheduleSeats>>>;

/** The schedule, locked; the member must manage enrollments at its establishment. */
async function lockSchedule(tx: Transaction, access: OrgAccess, scheduleId: string): Promise<Schedule> {
  const schedule = await repository.lockScheduleSeats(tx, access.organizationId, scheduleId);
  if (!schedule) throw new AppError('SCHEDULE_NOT_FOUND');
  assertCanAtEstablishment(access, schedule.establishmentId, ENROLL_IN);
  return schedule;
}

async function findPlan(tx: Transaction, organizationId: string, planId: string) {
  const plan = await repository.findPlan(tx, organizationId, planId);
  if (!plan) throw new AppError('PLAN_NOT_FOUND');
  // A pack, single or trial class is bought, not enrolled in weekly (decision 029).
  if (plan.kind !== 'RECURRING') throw new AppError('PLAN_NOT_RECURRING');
  return plan;
}

/**
 * The rules of a place in a class, checked under the schedule's and the customer's locks: no second
 * enrollment in the same schedule with overlapping dates, a free seat in every upcoming session it covers,
 * and the plan's weekly sessions limit.
 */
async function assertPlacement(
  tx: Transaction,
  placement: repository.Placement,
  schedule: Schedule,
  weeklyLimit: number | null,
  now: Date,
) {
  if (await repository.hasOverlappingEnrollment(tx, placement)) throw new AppError('ENROLLMENT_DUPLICATE');
  const fullDates = await repository.fullSessionDates(tx, placement, schedule.capacity, now);
  if (fullDates.length > 0) throw new AppError('ENROLLMENT_FULL', undefined, { dates: fullDates });
  const overlapping = await repository.overlappingUnderPlan(tx, placement);
  const counted = overlapping.map((other) => ({ sessionsPerWeek: sessionsPerWeek(other) }));
  if (weeklyLimitExceeded(weeklyLimit, counted, sessionsPerWeek(schedule))) {
    throw new AppError('ENROLLMENT_WEEKLY_LIMIT', undefined, { limit: weeklyLimit });
  }
}

type RenewalFacts = Parameters<typeof keepsRenewing>[0] & { planRenewsAutomatically: boolean };

/** The enrollment's dates and whether it keeps renewing: what its seats follow (domain `coversDate`). */
function seatCoverage<T extends RenewalFacts>(enrollment: T): T & { renewing: boolean } {
  return { ...enrollment, renewing: keepsRenewing(enrollment, enrollment.planRenewsAutomatically) };
}

/** The end of the plan's first cycle unless staff chose another date (then it stays theirs). */
function endDateFor(values: EnrollmentValues, months: number) {
  const cycleEnd = firstCycleEnd(values.startDate, months);
  const endDate = values.endDate ?? cycleEnd;
  return { endDate, isEndDateExplicit: endDate !== cycleEnd };
}

export async function createEnrollment(db: Database, access: OrgAccess, values: EnrollmentValues, now: Date) {
  const { organizationId } = access;
  const id = uuidv7();
  // Read back on the transaction's connection: asking the pool again after COMMIT queued the one create
  // that got the seat behind the others still waiting for the schedule's lock (bench:enrollments).
  return db.transaction(async (tx) => {
    const schedule = await lockSchedule(tx, access, values.scheduleId);
    if (!schedule.isActive) throw new AppError('SCHEDULE_INACTIVE');
    if (!(await repository.lockCustomer(tx, organizationId, values.customerId))) {
      throw new AppError('CUSTOMER_NOT_FOUND');
    }
    const plan = await findPlan(tx, organizationId, values.planId);
    if (!plan.isActive) throw new AppError('PLAN_INACTIVE');
    const dates = endDateFor(values, billingCycleMonths(plan.billingCycle));
    const coverage = { ...values, ...dates, pausedFrom: null, resumeOn: null, canceledFrom: null };
    const terms = {
      status: 'ACTIVE',
      renewal: 'PLAN',
      planRenewsAutomatically: plan.renewsAutomatically,
    } as const;
    await assertPlacement(
      tx,
      seatCoverage({ ...coverage, ...terms, organizationId, exceptId: null }),
      schedule,
      plan.weeklySessionsLimit,
      now,
    );
    await repository.insertEnrollment(tx, {
      ...coverage,
      planRenewsAutomatically: plan.renewsAutomatically,
      organizationId,
      id,
      status: 'ACTIVE',
      createdAt: now,
      updatedAt: now,
    });
    return readEnrollment(tx, organizationId, id);
  });
}

/** Locked, visible to the member and theirs to manage — or 404 / 403. */
async function lockManagedEnrollment(tx: Transaction, access: OrgAccess, id: string) {
  const current = isUuid(id) ? await repository.lockEnrollment(tx, access.organizationId, id) : null;
  if (!current) throw new AppError('ENROLLMENT_NOT_FOUND');
  assertCanAtEstablishment(access, current.establishmentId, MANAGE);
  return current;
}

/**
 * Customer, plan, schedule, dates and notes; the status and its dates stay (they change through actions).
 * A plan or schedule that became inactive may stay; choosing one anew needs it active.
 */
export async function updateEnrollment(
  db: Database,
  access: OrgAccess,
  id: string,
  values: EnrollmentValues,
  now: Date,
) {
  const { organizationId } = access;
  await db.transaction(async (tx) => {
    const current = await lockManagedEnrollment(tx, access, id);
    const schedule = await lockSchedule(tx, access, values.scheduleId);
    if (values.scheduleId !== current.scheduleId && !schedule.isActive)
      throw new AppError('SCHEDULE_INACTIVE');
    if (!(await repository.lockCustomer(tx, organizationId, values.customerId))) {
      throw new AppError('CUSTOMER_NOT_FOUND');
    }
    const plan = await findPlan(tx, organizationId, values.planId);
    if (values.planId !== current.planId && !plan.isActive) throw new AppError('PLAN_INACTIVE');
    const dates = endDateFor(values, billingCycleMonths(plan.billingCycle));
    const renewal = { planRenewsAutomatically: plan.renewsAutomatically };
    const changed = seatCoverage({ ...current, ...values, ...dates, ...renewal });
    if (isActiveStatus(current.status)) {
      await assertPlacement(
        tx,
        { ...changed, organizationId, exceptId: id },
        schedule,
        plan.weeklySessionsLimit,
        now,
      );
    }
    await repository.updateEnrollment(
      tx,
      { organizationId, id },
      { ...values, ...dates, ...renewal, updatedAt: now },
    );
    const moved = values.scheduleId !== current.scheduleId || values.customerId !== current.customerId;
    await repository.pruneUncoveredRows(tx, { organizationId, ...current }, moved ? null : changed, now);
  });
  return readEnrollment(db, organizationId, id);
}

const isActiveStatus = (status: string) => status === 'ACTIVE' || status === 'PAUSED';

/**
 * Pause, resume, cancel, complete, renew, or choose whether it renews by itself, as the status allows
 * (domain `canApply`).
 */
export async function applyEnrollmentAction(
  db: Database,
  access: OrgAccess,
  id: string,
  input: EnrollmentActionValues,
  now: Date,
) {
  const { organizationId } = access;
  const today = todayIn(await organizationTimeZone(db, organizationId), now);
  await db.transaction(async (tx) => {
    const current = await lockManagedEnrollment(tx, access, id);
    if (!canApply(current.status, input.action)) {
      throw new AppError('ENROLLMENT_ACTION_NOT_ALLOWED', undefined, {
        status: current.status,
        action: input.action,
      });
    }
    const changes = await actionChanges(tx, access, current, input, today, now);
    const after = seatCoverage({ ...current, ...changes });
    await repository.updateEnrollment(tx, { organizationId, id }, { ...changes, updatedAt: now });
    await repository.pruneUncoveredRows(tx, { organizationId, ...current }, after, now);
  });
  return readEnrollment(db, organizationId, id);
}

/**
 * Ends an enrollment as staff's CANCEL does, from `today` (or its start, when later), in the caller's
 * transaction: a contract withdrawn within CDC art. 49's seven days (decision 043). False when its status
 * allows no cancellation (it ended already).
 */
export async function cancelEnrollmentIn(
  tx: Transaction,
  organizationId: string,
  id: string,
  today: string,
  now: Date,
): Promise<boolean> {
  const current = await repository.lockEnrollment(tx, organizationId, id);
  if (!current || !canApply(current.status, 'CANCEL')) return false;
  const changes = {
    status: 'CANCELED' as const,
    canceledFrom: [today, current.startDate].sort()[1] ?? today,
  };
  await repository.updateEnrollment(tx, { organizationId, id }, { ...changes, updatedAt: now });
  const after = seatCoverage({ ...current, ...changes });
  await repository.pruneUncoveredRows(tx, { organizationId, ...current }, after, now);
  return true;
}

async function actionChanges(
  tx: Transaction,
  access: OrgAccess,
  current: repository.LockedEnrollment,
  input: EnrollmentActionValues,
  today: string,
  now: Date,
): Promise<Partial<repository.EnrollmentInsert>> {
  switch (input.action) {
    case 'PAUSE':
      return { status: 'PAUSED', pausedFrom: input.from ?? today, resumeOn: input.resumeOn };
    case 'CANCEL':
      return { status: 'CANCELED', canceledFrom: input.from ?? today };
    case 'COMPLETE': {
      // Finished today at the latest: later sessions leave the roster.
      const endDate = [current.endDate, today].sort()[0] ?? today;
      return { status: 'COMPLETED', endDate: endDate < current.startDate ? current.startDate : endDate };
    }
    case 'RESUME': {
      // From today: a pause not started yet is dropped; one under way ends today (earlier dates stay paused).
      const pause =
        current.pausedFrom && current.pausedFrom < today
          ? { pausedFrom: current.pausedFrom, resumeOn: today }
          : { pausedFrom: null, resumeOn: null };
      return reseat(tx, access, current, { status: 'ACTIVE', ...pause }, now);
    }
    case 'RENEW': {
      const plan = await findPlan(tx, access.organizationId, current.planId);
      const endDate = nextCycleEnd(current.startDate, billingCycleMonths(plan.billingCycle), current.endDate);
      return reseat(tx, access, current, { status: 'ACTIVE', endDate }, now, plan.weeklySessionsLimit);
    }
    case 'SET_RENEWAL': {
      // From "ends" back to "renews": it takes the seats of every later session again, so they must be free.
      const changes = { renewal: input.renewal };
      const before = seatCoverage(current).renewing;
      const after = seatCoverage({ ...current, ...changes }).renewing;
      return after && !before ? reseat(tx, access, current, changes, now) : changes;
    }
  }
}

/** A change that gives the customer sessions they did not hold must find seats there (same seat otherwise). */
async function reseat(
  tx: Transaction,
  access: OrgAccess,
  current: repository.LockedEnrollment,
  changes: Partial<repository.EnrollmentInsert>,
  now: Date,
  weeklyLimit: number | null = null,
) {
  const schedule = await lockSchedule(tx, access, current.scheduleId);
  const after = seatCoverage({ ...current, ...changes } as repository.LockedEnrollment);
  const placement = { ...after, organizationId: access.organizationId, exceptId: current.id };
  await assertPlacement(tx, placement, schedule, weeklyLimit, now);
  return changes;
}

/**
 * Gone from the list; sessions it covered keep what staff recorded there (check-ins, statuses), and rows set
 * ahead for sessions not started yet go with it.
 */
export async function deleteEnrollment(db: Database, access: OrgAccess, id: string, now: Date) {
  const { organizationId } = access;
  await db
    .transaction(async (tx) => {
      const current = await lockManagedEnrollment(tx, access, id);
      await repository.deleteEnrollment(tx, { organizationId, id });
      await repository.pruneUncoveredRows(tx, { organizationId, ...current }, null, now);
    })
    .catch((error: unknown) => {
      if (databaseErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('ENROLLMENT_HAS_PAYMENTS');
      throw error;
    });
}

/**
 * A plan switched to renew by itself (decision 013): the enrollments `ids` now hold their seats in every
 * session after their current period, so each ACTIVE one must find those seats free — counted after all of them
 * changed, under each schedule's lock (in one order, as the rosters' writers take them). The first that does not
 * fit refuses the whole change: PLAN_RENEWAL_FULL with its customer and the full dates.
 */
export async function assertRenewalsFit(tx: Transaction, organizationId: string, ids: string[], now: Date) {
  const changed = [];
  for (const id of ids) {
    const enrollment = await repository.lockEnrollment(tx, organizationId, id);
    if (enrollment?.status === 'ACTIVE' && seatCoverage(enrollment).renewing) changed.push(enrollment);
  }
  changed.sort((a, b) => a.scheduleId.localeCompare(b.scheduleId));
  for (const enrollment of changed) {
    const schedule = await repository.lockScheduleSeats(tx, organizationId, enrollment.scheduleId);
    if (!schedule) continue;
    const placement = { ...seatCoverage(enrollment), organizationId, exceptId: enrollment.id };
    const dates = await repository.fullSessionDates(tx, placement, schedule.capacity, now);
    if (dates.length > 0) {
      throw new AppError('PLAN_RENEWAL_FULL', undefined, { customerId: enrollment.customerId, dates });
    }
  }
}
