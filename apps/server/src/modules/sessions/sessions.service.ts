import { AppError } from '@reformer/domain/errors';
import { type Action, allowedEstablishments } from '@reformer/domain/permissions';
import {
  canMoveSession,
  type MoveSessionInput,
  SESSION_PAGE_ACTIONS,
  type Session,
  type SessionDetails,
  type SessionListQuery,
  sessionAvailability,
} from '@reformer/domain/sessions';
import { sessionInstant, sessionInterval } from '@reformer/domain/time-zones';
import { assertCanAtEstablishment, isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { lockTimeZone } from '../../lib/local-time.ts';
import { queueClassChangeNotices } from '../events/class-change-notices.ts';
import * as repository from './sessions.repository.ts';

/** Who sees a session at all (the list shows it): below these, a session is a 404; above, a 403. */
const SEE_ACTIONS: readonly Action[] = ['VIEW_SCHEDULES', ...SESSION_PAGE_ACTIONS];

/** Field by field rather than spread and rest: the month view maps ~800 rows per call. */
export function toSession(row: repository.SessionRow): Session {
  return {
    id: row.id,
    scheduleId: row.scheduleId,
    scheduleName: row.scheduleName,
    type: row.type,
    establishmentId: row.establishmentId,
    establishmentName: row.establishmentName,
    staffUserId: row.staffUserId,
    staffName: row.staffName,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    capacity: row.capacity,
    rosterCount: row.rosterCount,
    heldSeats: row.heldSeats,
    checkedInCount: row.checkedInCount,
    availability: sessionAvailability(row),
    isActive: row.isActive,
    movedFrom: row.isMoved
      ? { date: row.scheduledDate, startTime: row.scheduledStartTime, endTime: row.scheduledEndTime }
      : null,
  };
}

/** Sessions of the establishments where the member may view schedules, ordered by start. */
export async function listSessions(db: Database, access: OrgAccess, query: SessionListQuery, now: Date) {
  const allowed = allowedEstablishments(access.profile, 'VIEW_SCHEDULES');
  const rows = await repository.listSessions(
    db,
    access.organizationId,
    { ...query, establishmentIds: allowed === 'ALL' ? null : allowed },
    now,
  );
  const items = rows.map(toSession);
  return { items: query.availability ? items.filter((s) => s.availability === query.availability) : items };
}

/** The session and its roster, read side by side; a member who may not open it gets 404 and nothing read. */
export async function getSessionDetails(db: Database, access: OrgAccess, sessionId: string, now: Date) {
  if (!isUuid(sessionId)) throw new AppError('SESSION_NOT_FOUND');
  const [row, roster] = await Promise.all([
    repository.findSession(db, access.organizationId, sessionId, now),
    repository.listRoster(db, access.organizationId, sessionId),
  ]);
  if (!row) throw new AppError('SESSION_NOT_FOUND');
  assertCanAtEstablishment(access, row.establishmentId, {
    seeWith: SESSION_PAGE_ACTIONS,
    actions: SESSION_PAGE_ACTIONS,
    notFound: 'SESSION_NOT_FOUND',
  });
  return toDetails(row, roster);
}

function toDetails(
  row: repository.SessionRow,
  roster: Awaited<ReturnType<typeof repository.listRoster>>,
): SessionDetails {
  return {
    ...toSession(row),
    roster: roster.map((entry) => ({ ...entry, checkedInAt: entry.checkedInAt?.toISOString() ?? null })),
  };
}

type Locked = NonNullable<Awaited<ReturnType<typeof repository.lockSession>>>;

/**
 * Takes the lock of the session's schedule once the member is known to hold one of `actions` at its
 * establishment: 404 when they cannot see the session, 403 when they see it but may not act.
 */
async function lockSessionFor(
  tx: Transaction,
  access: OrgAccess,
  sessionId: string,
  actions: readonly Action[],
): Promise<Locked> {
  const session = isUuid(sessionId)
    ? await repository.lockSession(tx, access.organizationId, sessionId)
    : null;
  if (!session) throw new AppError('SESSION_NOT_FOUND');
  assertCanAtEstablishment(access, session.establishmentId, {
    seeWith: SEE_ACTIONS,
    actions,
    notFound: 'SESSION_NOT_FOUND',
  });
  return session;
}

/**
 * Runs `change` in a transaction under the session's schedule lock, then answers the session's details (its
 * held seats as of `now`) and what `change` returned.
 */
export async function changeSession<Result>(
  db: Database,
  access: OrgAccess,
  sessionId: string,
  actions: readonly Action[],
  change: (tx: Transaction, session: Locked) => Promise<Result>,
  now: Date,
): Promise<{ details: SessionDetails; result: Result }> {
  const result = await db.transaction(async (tx) =>
    change(tx, await lockSessionFor(tx, access, sessionId, actions)),
  );
  return { details: await readSessionDetails(db, access.organizationId, sessionId, now), result };
}

/** The details after a change the member was allowed to make. */
async function readSessionDetails(db: Database, organizationId: string, sessionId: string, now: Date) {
  const [row, roster] = await Promise.all([
    repository.findSession(db, organizationId, sessionId, now),
    repository.listRoster(db, organizationId, sessionId),
  ]);
  if (!row) throw new AppError('SESSION_NOT_FOUND');
  return toDetails(row, roster);
}

/** Only this session moves; its schedule and the other sessions stay. The domain's rules decide. */
export async function moveSession(
  db: Database,
  access: OrgAccess,
  sessionId: string,
  slot: MoveSessionInput,
  now: Date,
  publicUrl?: string,
) {
  const { organizationId } = access;
  await db.transaction(async (tx) => {
    // The zone before the schedule: every writer takes the two locks in this order.
    const timeZone = await lockTimeZone(tx, organizationId);
    const session = await lockSessionFor(tx, access, sessionId, ['MANAGE_SCHEDULE_SESSIONS']);
    const { checkedInCount } = await repository.countRoster(tx, organizationId, sessionId);
    const target = sessionInstant(slot.date, slot.startTime, timeZone);
    const verdict = canMoveSession({ ...session, checkedInCount }, target, now);
    if (!verdict.ok) throw new AppError('SESSION_NOT_MOVABLE', undefined, { reason: verdict.reason });
    const interval = sessionInterval(slot.date, slot.startTime, slot.endTime, timeZone);
    const instants = { startsAt: new Date(interval.startsAt), endsAt: new Date(interval.endsAt) };
    await repository.moveSession(tx, { organizationId, sessionId }, { ...slot, ...instants }, now);
    // In the move's transaction: a move that rolls back tells no one (decision 050).
    const { startsAt } = instants;
    const moved = { sessionId, kind: 'MOVED' as const, previousStartsAt: session.startsAt, startsAt };
    await queueClassChangeNotices(tx, { organizationId, changes: [moved], now, publicUrl });
  });
  const row = await repository.findSession(db, organizationId, sessionId, now);
  if (!row) throw new AppError('SESSION_NOT_FOUND');
  return toSession(row);
}
