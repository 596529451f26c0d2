import { AppError } from '@reformer/domain/errors';
import { isCancelNoticeDue } from '@reformer/domain/events-class-notices';
import { allowedEstablishments } from '@reformer/domain/permissions';
import { isOpenEnded, sessionsFrom, sessionsThrough } from '@reformer/domain/schedule-recurrence';
import {
  type EndingSchedules,
  type EndingSchedulesQuery,
  endingNoticeWindow,
  type Schedule,
  type ScheduleListQuery,
  type ScheduleValues,
} from '@reformer/domain/schedules';
import { todayIn } from '@reformer/domain/time-zones';
import { v7 as uuidv7 } from 'uuid';
import { assertCan, assertCanAtEstablishment, isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { databaseErrorCode, FOREIGN_KEY_VIOLATION } from '../../lib/database-errors.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { lockTimeZone, toTimeOfDay } from '../../lib/local-time.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import { queueClassChangeNotices, type SessionChange } from '../events/class-change-notices.ts';
import * as endings from './ending-schedules.repository.ts';
import * as repository from './schedules.repository.ts';
import { sessionRows } from './session-generation.ts';

const VIEW = {
  seeWith: ['VIEW_SCHEDULES'],
  actions: ['VIEW_SCHEDULES'],
  notFound: 'SCHEDULE_NOT_FOUND',
} as const;
const MANAGE = { ...VIEW, actions: ['MANAGE_SCHEDULES'] } as const;

function toSchedule(row: repository.ScheduleRow): Schedule {
  return {
    ...row,
    startTime: toTimeOfDay(row.startTime),
    endTime: toTimeOfDay(row.endTime),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function readSchedule(db: Database, access: OrgAccess, id: string): Promise<Schedule> {
  const row = await repository.findSchedule(db, access.organizationId, id);
  if (!row) throw new AppError('SCHEDULE_NOT_FOUND');
  return toSchedule(row);
}

/** Only schedules of the establishments where the member may view schedules. */
export async function listSchedules(db: Database, access: OrgAccess, query: ScheduleListQuery) {
  const filter = {
    allowed: allowedEstablishments(access.profile, 'VIEW_SCHEDULES'),
    establishmentId: query.establishmentId,
    staffUserId: query.staffUserId,
    type: query.type,
    isActive: query.status === undefined ? undefined : query.status === 'active',
  };
  const { rows, total } = await repository.listSchedules(db, access.organizationId, filter, query);
  return { items: rows.map(toSchedule), total, page: query.page, limit: query.limit };
}

/**
 * Schedules ending within the notice (domain `endingNoticeWindow`, the organization's calendar) whose
 * enrollments that renew by themselves end with them — for members who see enrollments, at the
 * establishments where they do (issue #26 §1).
 */
export async function listEndingSchedules(
  db: Database,
  access: OrgAccess,
  query: EndingSchedulesQuery,
  now: Date,
): Promise<EndingSchedules> {
  const { organizationId, profile } = access;
  const window = endingNoticeWindow(todayIn(await organizationTimeZone(db, organizationId), now));
  const allowed = allowedEstablishments(profile, 'VIEW_ENROLLMENTS');
  const items = await endings.listEndingSchedules(db, organizationId, { ...window, allowed, ...query });
  return { ...window, items };
}

export async function getSchedule(db: Database, access: OrgAccess, id: string) {
  const schedule = isUuid(id) ? await repository.findSchedule(db, access.organizationId, id) : null;
  if (!schedule) throw new AppError('SCHEDULE_NOT_FOUND');
  assertCanAtEstablishment(access, schedule.establishmentId, VIEW);
  return toSchedule(schedule);
}

/** The establishment must exist, the member manage schedules there, and the instructor work there. */
async function assertPlacement(tx: Transaction, access: OrgAccess, values: ScheduleValues) {
  const { establishmentId, staffUserId } = values;
  const placement = await repository.findStaffPlacement(
    tx,
    access.organizationId,
    establishmentId,
    staffUserId,
  );
  if (!placement.establishmentExists) throw new AppError('ESTABLISHMENT_NOT_FOUND');
  assertCan(access, 'MANAGE_SCHEDULES', { scope: 'ESTABLISHMENT', establishmentId });
  if (!placement.isAssigned) {
    throw new AppError('STAFF_NOT_IN_ESTABLISHMENT', undefined, { path: 'staffUserId' });
  }
}

/** An establishment deleted between the check and the insert. */
function rethrowMissingEstablishment(error: unknown): never {
  if (databaseErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('ESTABLISHMENT_NOT_FOUND');
  throw error;
}

/**
 * How far the schedule's sessions go on `today` (domain `sessionsThrough`) and what its row records of it. An
 * open-ended schedule's horizon never moves back: an edit keeps what was already generated further ahead.
 */
function generation(values: ScheduleValues, today: string, generatedThrough: string | null = null) {
  const through = sessionsThrough(values, today);
  if (!isOpenEnded(values)) return { through, sessionsGeneratedThrough: null };
  const kept = generatedThrough !== null && generatedThrough > through ? generatedThrough : through;
  return { through: kept, sessionsGeneratedThrough: kept };
}

/**
 * The schedule and every session of its date range — for one with no end date, up to its horizon — in one
 * transaction.
 */
export async function createSchedule(db: Database, access: OrgAccess, values: ScheduleValues, now: Date) {
  const { organizationId } = access;
  const scheduleId = uuidv7();
  await db
    .transaction(async (tx) => {
      await assertPlacement(tx, access, values);
      const timeZone = await lockTimeZone(tx, organizationId);
      const today = todayIn(timeZone, now);
      const { through, sessionsGeneratedThrough } = generation(values, today);
      await repository.insertSchedule(tx, organizationId, scheduleId, {
        ...values,
        sessionsGeneratedThrough,
      });
      await repository.insertSessions(
        tx,
        sessionRows(
          { organizationId, scheduleId, schedule: values, timeZone },
          { from: sessionsFrom(values, today), through },
        ),
      );
    })
    .catch(rethrowMissingEstablishment);
  return readSchedule(db, access, scheduleId);
}

/** Locked, visible to the member and theirs to manage — or 404 / 403. */
async function lockManagedSchedule(tx: Transaction, access: OrgAccess, id: string) {
  const current = isUuid(id) ? await repository.lockSchedule(tx, access.organizationId, id) : null;
  if (!current) throw new AppError('SCHEDULE_NOT_FOUND');
  assertCanAtEstablishment(access, current.establishmentId, MANAGE);
  return current;
}

/**
 * Deactivating cancels the sessions still ahead, reactivating brings them back: the rosters of the sessions
 * switched are told in the same transaction (decision 050; the coming week's sessions only, the domain's
 * `isCancelNoticeDue`), so a customer who heard of a cancellation hears the class is back on.
 */
function tellSwitchedSessions(
  tx: Transaction,
  switched: {
    organizationId: string;
    isActive: boolean;
    changed: { sessionId: string; startsAt: Date }[];
    now: Date;
    publicUrl: string | undefined;
  },
) {
  const { organizationId, isActive, changed, now, publicUrl } = switched;
  const kind = isActive ? ('RESTORED' as const) : ('CANCELED' as const);
  const changes = changed.map((session) => ({ ...session, kind }));
  return queueClassChangeNotices(tx, { organizationId, changes, now, publicUrl });
}

/**
 * What an edit does to the sessions it replaces, as their enrolled customers hear it (decision 053, the
 * occasion rules of decision 050): an occurrence whose date stays, at a new start, is a move to it; one whose
 * date goes (another weekday, an earlier end) — or every one, when the edit also deactivates — is cancelled.
 * As a deactivation, only the coming week's are told (`isCancelNoticeDue`): an edit replaces up to a year of
 * sessions, and the later ones show at their new times in the portal and their reminders. The notices are
 * written before the old sessions are deleted, while their rosters can still be read.
 */
function regenerationChanges(
  replaced: { sessionId: string; scheduledDate: string; startsAt: Date; isActive: boolean }[],
  upcoming: { scheduledDate: string; startsAt: Date }[],
  edit: { isActive: boolean; now: Date },
): SessionChange[] {
  const startOn = new Map(upcoming.map((row) => [row.scheduledDate, row.startsAt]));
  return replaced.flatMap((session): SessionChange[] => {
    if (!session.isActive || !isCancelNoticeDue(session.startsAt, edit.now)) return [];
    const { sessionId, startsAt: previousStartsAt } = session;
    const startsAt = edit.isActive ? startOn.get(session.scheduledDate) : undefined;
    return startsAt
      ? [{ sessionId, kind: 'MOVED', previousStartsAt, startsAt }]
      : [{ sessionId, kind: 'CANCELED', startsAt: previousStartsAt }];
  });
}

/**
 * Past sessions, moved sessions and sessions with a roster stay as they are; the other future sessions
 * follow the edited recurrence and times — an end date set on an open-ended schedule removes those after it.
 */
export async function updateSchedule(
  db: Database,
  access: OrgAccess,
  id: string,
  values: ScheduleValues,
  now: Date,
  publicUrl?: string,
) {
  const { organizationId } = access;
  await db
    .transaction(async (tx) => {
      // Zone first, then the schedule: every writer takes the two locks in this order.
      const timeZone = await lockTimeZone(tx, organizationId);
      const current = await lockManagedSchedule(tx, access, id);
      await assertPlacement(tx, access, values);
      const { through, sessionsGeneratedThrough } = generation(
        values,
        todayIn(timeZone, now),
        current.sessionsGeneratedThrough,
      );
      await repository.updateSchedule(tx, organizationId, id, {
        ...values,
        sessionsGeneratedThrough,
        updatedAt: now,
      });
      const upcoming = sessionRows(
        { organizationId, scheduleId: id, schedule: values, timeZone },
        { through, startingAfter: now },
      );
      const scope = { organizationId, scheduleId: id, now };
      const keep = { dates: upcoming.map((row) => row.scheduledDate), ...values };
      const replaced = await repository.listRegenerableSessions(tx, scope, keep);
      const changes = regenerationChanges(replaced, upcoming, { isActive: values.isActive, now });
      await queueClassChangeNotices(tx, { organizationId, changes, now, publicUrl });
      await repository.deleteRegenerableSessions(tx, scope, keep);
      await repository.insertSessions(tx, upcoming);
      const changed = await repository.setFutureSessionsActive(tx, organizationId, id, values.isActive, now);
      await tellSwitchedSessions(tx, { organizationId, isActive: values.isActive, changed, now, publicUrl });
    })
    .catch(rethrowMissingEstablishment);
  return readSchedule(db, access, id);
}

/** Deactivating makes the sessions still ahead inactive; reactivating makes them active again. */
export async function setScheduleActive(
  db: Database,
  access: OrgAccess,
  id: string,
  isActive: boolean,
  now: Date,
  publicUrl?: string,
) {
  await db.transaction(async (tx) => {
    await lockManagedSchedule(tx, access, id);
    await repository.updateSchedule(tx, access.organizationId, id, { isActive, updatedAt: now });
    const { organizationId } = access;
    const changed = await repository.setFutureSessionsActive(tx, organizationId, id, isActive, now);
    await tellSwitchedSessions(tx, { organizationId, isActive, changed, now, publicUrl });
  });
  return readSchedule(db, access, id);
}

/** A schedule with attendance history is kept (deactivate it instead); otherwise it goes with its sessions. */
export async function deleteSchedule(db: Database, access: OrgAccess, id: string) {
  await db
    .transaction(async (tx) => {
      await lockManagedSchedule(tx, access, id);
      if (await repository.scheduleHasAttendance(tx, access.organizationId, id)) {
        throw new AppError('SCHEDULE_HAS_ATTENDANCE');
      }
      await repository.deleteSchedule(tx, access.organizationId, id);
    })
    .catch((error: unknown) => {
      if (databaseErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('SCHEDULE_HAS_ATTENDANCE');
      throw error;
    });
}
