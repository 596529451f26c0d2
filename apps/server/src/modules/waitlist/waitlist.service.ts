import { AppError } from '@reformer/domain/errors';
import { remainingSeats, SESSION_PAGE_ACTIONS, type SessionDetails } from '@reformer/domain/sessions';
import {
  ACTIVE_WAITLIST_STATES,
  canOffer,
  isSameWaitingSet,
  type Waitlist,
  type WaitlistEntry,
} from '@reformer/domain/waitlist';
import { assertCanAtEstablishment, isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { OrgAccess } from '../../lib/http.ts';
import {
  countRoster,
  enrolledAmong,
  findSession,
  type lockSession,
} from '../sessions/sessions.repository.ts';
import { changeSession } from '../sessions/sessions.service.ts';
import * as repository from './waitlist.repository.ts';
import { heldSeats, offerFreedSeats } from './waitlist-seats.ts';
import { readSettings } from './waitlist-settings.ts';

/**
 * Staff's side of a session's waitlist (decision 024): read with the session page's actions, changed with
 * MANAGE_ATTENDANCE at the session's establishment, every change under the session's schedule lock.
 */

type Actor = { userId: string; now: Date; publicUrl: string };
type LockedSession = NonNullable<Awaited<ReturnType<typeof lockSession>>>;
const MANAGE = ['MANAGE_ATTENDANCE'] as const;

function isActive(state: WaitlistEntry['state']) {
  return (ACTIVE_WAITLIST_STATES as readonly string[]).includes(state);
}

const earliest = (a: Date, b: Date) => (a < b ? a : b);

type SessionFacts = Pick<SessionDetails, 'capacity' | 'rosterCount' | 'heldSeats' | 'isActive' | 'startsAt'>;

/** The list as the panel shows it; `session` read after the change (or for the read). */
async function readWaitlist(
  db: Database,
  at: { organizationId: string; sessionId: string; now: Date },
  session: SessionFacts,
): Promise<Waitlist> {
  const [rows, settings] = await Promise.all([
    repository.listEntries(db, at),
    readSettings(db, at.organizationId),
  ]);
  const free = remainingSeats(session);
  let position = 0;
  const startsAt = new Date(session.startsAt);
  const items = rows.map((row): WaitlistEntry => {
    // An offer past its time, or whose session started (moved earlier), reads EXPIRED before the job (or the
    // next change) writes it.
    const isLive =
      row.state !== 'OFFERED' ||
      (row.offerExpiresAt !== null && at.now < row.offerExpiresAt && at.now < startsAt);
    const state = isLive ? row.state : 'EXPIRED';
    if (isActive(state)) position += 1;
    return {
      id: row.id,
      customerId: row.customerId,
      customerName: row.customerName,
      phone: row.phone,
      state,
      position: isActive(state) ? position : null,
      offeredAt: row.offeredAt?.toISOString() ?? null,
      offerExpiresAt: row.offerExpiresAt && earliest(row.offerExpiresAt, startsAt).toISOString(),
      whatsApp:
        state === 'OFFERED' && row.messageId && row.link
          ? { messageId: row.messageId, link: row.link, status: row.messageStatus ?? 'OUTBOX' }
          : null,
      createdAt: row.createdAt.toISOString(),
    };
  });
  const isOpen = canOffer({ isActive: session.isActive, startsAt }, at.now);
  return {
    sessionId: at.sessionId,
    capacity: session.capacity,
    rosterCount: session.rosterCount,
    heldSeats: session.heldSeats,
    freeSeats: free,
    isOpen: isOpen && free === 0,
    holdMinutes: settings.holdMinutes,
    items,
  };
}

/** Who may open the session page reads its waitlist; anyone else gets the session's 404. */
export async function getWaitlist(db: Database, access: OrgAccess, sessionId: string, now: Date) {
  const session = isUuid(sessionId) ? await findSession(db, access.organizationId, sessionId, now) : null;
  if (!session) throw new AppError('SESSION_NOT_FOUND');
  assertCanAtEstablishment(access, session.establishmentId, {
    seeWith: SESSION_PAGE_ACTIONS,
    actions: SESSION_PAGE_ACTIONS,
    notFound: 'SESSION_NOT_FOUND',
  });
  return readWaitlist(db, { organizationId: access.organizationId, sessionId, now }, session);
}

/** A change under the schedule lock, answered with the list as it stands after it. */
async function changeWaitlist(
  db: Database,
  access: OrgAccess,
  sessionId: string,
  now: Date,
  change: Parameters<typeof changeSession<void>>[4],
) {
  const { details } = await changeSession(db, access, sessionId, MANAGE, change, now);
  return readWaitlist(db, { organizationId: access.organizationId, sessionId, now }, details);
}

/**
 * Customers join the end of the line, in the order given, all or none. Only a session that is full counting
 * the held seats takes a waitlist: with a free seat nobody holds, staff add the customer to the roster.
 */
export async function addToWaitlist(
  db: Database,
  access: OrgAccess,
  sessionId: string,
  customerIds: string[],
  actor: Actor,
) {
  const at = { organizationId: access.organizationId, sessionId, now: actor.now };
  return changeWaitlist(db, access, sessionId, actor.now, (tx, session) =>
    joinLine(tx, { ...at, session }, customerIds, actor.userId),
  );
}

/**
 * The locked core of joining the line, inside the caller's transaction under the session's schedule lock:
 * staff's add and the customer portal's "join the waitlist" (decision 039). `createdBy` is the member, or
 * null when the customer joined themselves.
 */
export async function joinLine(
  tx: Transaction,
  at: { organizationId: string; sessionId: string; now: Date; session: LockedSession },
  customerIds: string[],
  createdBy: string | null,
) {
  const { organizationId, sessionId, session } = at;
  if (!session.isActive) throw new AppError('SESSION_INACTIVE');
  if (!canOffer(session, at.now)) throw new AppError('SESSION_STARTED');
  const found = await repository.lockCustomersOnTheBooks(tx, organizationId, customerIds);
  if (found.length !== customerIds.length) throw new AppError('CUSTOMER_NOT_FOUND');
  const { rosterCount } = await countRoster(tx, organizationId, sessionId);
  const held = await heldSeats(tx, at);
  if (remainingSeats({ capacity: session.capacity, rosterCount, heldSeats: held }) > 0)
    throw new AppError('SESSION_HAS_FREE_SEAT');
  const taken = [
    ...(await enrolledAmong(tx, at, customerIds)),
    ...(await repository.customersWithAttendance(tx, at, customerIds)),
    ...(await repository.activeEntriesOf(tx, at, customerIds)),
  ];
  if (taken.length > 0)
    throw new AppError('WAITLIST_CUSTOMER_DUPLICATE', undefined, { customerId: taken[0] });
  const first = await repository.nextPosition(tx, at);
  await repository.insertEntries(
    tx,
    customerIds.map((customerId, index) => ({
      organizationId,
      id: crypto.randomUUID(),
      sessionId,
      customerId,
      position: first + index,
      createdBy,
      createdAt: at.now,
      updatedAt: at.now,
    })),
  );
}

/** The full order of the WAITING entries; another set than the one waiting now (another tab) is refused. */
export async function reorderWaitlist(
  db: Database,
  access: OrgAccess,
  sessionId: string,
  entryIds: string[],
  now: Date,
) {
  const at = { organizationId: access.organizationId, sessionId, now };
  return changeWaitlist(db, access, sessionId, now, async (tx) => {
    const waiting = await repository.listWaiting(tx, at);
    if (
      !isSameWaitingSet(
        waiting.map((entry) => entry.id),
        entryIds,
      )
    )
      throw new AppError('WAITLIST_ORDER_CHANGED');
    await repository.setPositions(tx, at, entryIds, now);
  });
}

/** Takes the entry off the list; an offer it held goes to the next person at once. */
export async function removeFromWaitlist(
  db: Database,
  access: OrgAccess,
  target: { sessionId: string; entryId: string },
  actor: Actor,
) {
  const at = { organizationId: access.organizationId, sessionId: target.sessionId, now: actor.now };
  return changeWaitlist(db, access, target.sessionId, actor.now, async (tx, session) => {
    const entry = isUuid(target.entryId)
      ? await repository.findEntry(tx, { ...at, entryId: target.entryId })
      : null;
    if (!entry || entry.state === 'REMOVED') throw new AppError('WAITLIST_ENTRY_NOT_FOUND');
    await repository.setEntryState(
      tx,
      { organizationId: at.organizationId, entryId: entry.id },
      {
        state: 'REMOVED',
        now: actor.now,
      },
    );
    if (entry.state === 'OFFERED') await offerFreedSeats(tx, { ...at, publicUrl: actor.publicUrl }, session);
  });
}
