import { isOffTheBooks } from '@reformer/domain/customers';
import { AppError, type ErrorCode } from '@reformer/domain/errors';
import { countsTowardCapacity } from '@reformer/domain/sessions';
import { canOffer, effectiveState, isOfferLive, type WaitlistOffer } from '@reformer/domain/waitlist';
import { isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { databaseErrorCode, UNIQUE_VIOLATION } from '../../lib/database-errors.ts';
import { countRoster, isEnrolledWithoutRow, lockSession } from '../sessions/sessions.repository.ts';
import * as repository from './waitlist.repository.ts';
import { hashOfferToken, heldSeats, offerFreedSeats } from './waitlist-seats.ts';
import { readSettings } from './waitlist-settings.ts';

/**
 * The customer's side (decision 024): the offer's link is its only key, so these routes are public. Accept
 * and decline take the session's schedule lock like every waitlist write, so an accept, a second click, the
 * expiry job and a member adding someone to the last seat take turns.
 */

type Deps = { db: Database | Transaction; now: Date; publicUrl: string };
type Found = NonNullable<Awaited<ReturnType<typeof repository.findOfferByToken>>>;

/**
 * How an offer is reached: its link's token, or — in the customer portal (decision 039), behind the
 * customer's session — the customer's own entry id.
 */
export type OfferLocator = string | { organizationId: string; customerId: string; entryId: string };

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

function lookUp(db: Database | Transaction, locator: OfferLocator) {
  if (typeof locator !== 'string')
    return isUuid(locator.entryId) ? repository.findOfferOfCustomer(db, locator) : null;
  return TOKEN_PATTERN.test(locator) ? repository.findOfferByToken(db, hashOfferToken(locator)) : null;
}

async function findOffer(db: Database | Transaction, token: OfferLocator): Promise<Found> {
  const found = await lookUp(db, token);
  if (!found) throw new AppError('WAITLIST_OFFER_NOT_FOUND');
  // An offer never outlives its session's start, even when the session moved earlier after the offer.
  const { offerExpiresAt, startsAt } = found;
  return {
    ...found,
    offerExpiresAt: offerExpiresAt && (offerExpiresAt < startsAt ? offerExpiresAt : startsAt),
  };
}

async function toOffer(db: Database | Transaction, found: Found, now: Date): Promise<WaitlistOffer> {
  const settings = await readSettings(db, found.organizationId);
  return {
    state: effectiveState(found, now),
    customerFirstName: found.customerFirstName,
    organizationName: found.organizationName,
    sessionName: found.sessionName,
    establishmentName: found.establishmentName,
    date: found.date,
    startTime: found.startTime,
    endTime: found.endTime,
    timeZone: found.timeZone,
    startsAt: found.startsAt.toISOString(),
    offerExpiresAt: found.offerExpiresAt?.toISOString() ?? null,
    language: settings.messageLanguage,
  };
}

/** What the link shows; an offer past its time reads EXPIRED (the job or the next write records it). */
export async function viewOffer(deps: Deps, token: OfferLocator): Promise<WaitlistOffer> {
  return toOffer(deps.db, await findOffer(deps.db, token), deps.now);
}

/**
 * The refusals that still write something (an expired offer's seat goes on, a taken seat puts the person
 * back first in line) commit first and are answered after, so the write is not rolled back with the error.
 */
type Answer = { refusal: ErrorCode | null; details?: Record<string, unknown> };

async function underLock(
  deps: Deps,
  token: OfferLocator,
  decide: (tx: Transaction, found: Found, session: Locked) => Promise<Answer>,
): Promise<WaitlistOffer> {
  const { refusal, details } = await deps.db.transaction(async (tx) => {
    const found = await findOffer(tx, token);
    const session = await lockSession(tx, found.organizationId, found.sessionId);
    if (!session) throw new AppError('WAITLIST_OFFER_NOT_FOUND');
    // Read again under the lock: another writer may have changed the entry while this one waited.
    const current = await findOffer(tx, token);
    return decide(tx, current, session);
  });
  if (refusal) throw new AppError(refusal, undefined, details);
  return viewOffer(deps, token);
}

type Locked = NonNullable<Awaited<ReturnType<typeof lockSession>>>;

/** An OFFERED entry past its time (or whose session started) is expired now, and its seat goes on. */
async function expireAndOfferOn(tx: Transaction, deps: Deps, found: Found, session: Locked): Promise<Answer> {
  if (found.state === 'OFFERED')
    await repository.setEntryState(tx, entryKey(found), { state: 'EXPIRED', now: deps.now });
  await offerFreedSeats(tx, at(deps, found), session);
  return { refusal: 'WAITLIST_OFFER_EXPIRED' };
}

const at = (deps: Deps, found: Found) => ({
  organizationId: found.organizationId,
  sessionId: found.sessionId,
  now: deps.now,
  publicUrl: deps.publicUrl,
});
const entryKey = (found: Found) => ({ organizationId: found.organizationId, entryId: found.entryId });

/** The answer to an offer no longer open, by what became of it. */
function closed(found: Found): Answer {
  if (found.state === 'EXPIRED') return { refusal: 'WAITLIST_OFFER_EXPIRED' };
  if (found.state === 'WAITING') return { refusal: 'WAITLIST_OFFER_TAKEN' };
  return { refusal: 'WAITLIST_OFFER_CLOSED', details: { state: found.state } };
}

/**
 * Accepting puts the customer on the roster (ADDED, CONFIRMED, reason OTHER) when the offer stands and its
 * seat is still free. Accepting again is answered as accepted (a double click). When an enrollment took the
 * held seat meanwhile (its capacity check does not count held seats), the person goes back to the front of
 * the line: WAITLIST_OFFER_TAKEN.
 */
export function acceptOffer(deps: Deps, token: OfferLocator): Promise<WaitlistOffer> {
  return underLock(deps, token, async (tx, found, session) => {
    if (found.state === 'ACCEPTED') return { refusal: null };
    if (found.state !== 'OFFERED') return closed(found);
    const isOpen = canOffer({ isActive: session.isActive, startsAt: session.startsAt }, deps.now);
    if (!isOpen || !isOfferLive(found, deps.now)) return expireAndOfferOn(tx, deps, found, session);
    const key = {
      organizationId: found.organizationId,
      sessionId: found.sessionId,
      customerId: found.customerId,
    };
    // Where the customer stands first: on the roster already (staff seated them meanwhile) takes no seat.
    const placed = await repository.attendanceStatusOf(tx, key, key.customerId);
    if (placed !== null && countsTowardCapacity(placed)) return alreadyOnRoster(tx, deps, found, session);
    if (placed === null && (await isEnrolledWithoutRow(tx, key)))
      return alreadyOnRoster(tx, deps, found, session);
    if (placed !== null || !isOnTheBooks(found)) return withdraw(tx, deps, found, session);
    const { rosterCount } = await countRoster(tx, key.organizationId, key.sessionId);
    const othersHeld = (await heldSeats(tx, at(deps, found))) - 1;
    if (rosterCount + othersHeld >= session.capacity) {
      const position = await repository.frontPosition(tx, key);
      await repository.setEntryState(tx, entryKey(found), { state: 'WAITING', now: deps.now, position });
      return { refusal: 'WAITLIST_OFFER_TAKEN' };
    }
    const inserted = await insertPlace(tx, key, deps.now);
    if (!inserted) return alreadyOnRoster(tx, deps, found, session);
    await repository.setEntryState(tx, entryKey(found), { state: 'ACCEPTED', now: deps.now });
    return { refusal: null };
  });
}

/** Staff put the customer on the roster by another way meanwhile: the entry is done, its seat goes on. */
async function alreadyOnRoster(tx: Transaction, deps: Deps, found: Found, session: Locked): Promise<Answer> {
  await repository.setEntryState(tx, entryKey(found), { state: 'ACCEPTED', now: deps.now });
  await offerFreedSeats(tx, at(deps, found), session);
  return { refusal: null };
}

const isOnTheBooks = (found: Found) => !isOffTheBooks(found.customerStatus);

/**
 * The customer cannot take an added place: their place in the session was canceled (a canceled place is
 * changed by staff, who settle its make-up credit), or they were deleted from the books. The offer is
 * withdrawn, as staff would, and the seat goes on.
 */
async function withdraw(tx: Transaction, deps: Deps, found: Found, session: Locked): Promise<Answer> {
  await repository.setEntryState(tx, entryKey(found), { state: 'REMOVED', now: deps.now });
  await offerFreedSeats(tx, at(deps, found), session);
  return { refusal: 'WAITLIST_OFFER_CLOSED', details: { state: 'REMOVED' } };
}

/** False when the customer already has a row in the session (a savepoint keeps the transaction usable). */
async function insertPlace(
  tx: Transaction,
  key: { organizationId: string; sessionId: string; customerId: string },
  now: Date,
): Promise<boolean> {
  try {
    await tx.transaction((savepoint) =>
      repository.insertAddedAttendance(savepoint, key, key.customerId, now),
    );
    return true;
  } catch (error) {
    if (databaseErrorCode(error) === UNIQUE_VIOLATION) return false;
    throw error;
  }
}

/** Declining frees the held seat for the next person at once; declining again is answered as declined. */
export function declineOffer(deps: Deps, token: OfferLocator): Promise<WaitlistOffer> {
  return underLock(deps, token, async (tx, found, session) => {
    if (found.state === 'DECLINED') return { refusal: null };
    if (found.state !== 'OFFERED') return closed(found);
    if (!isOfferLive(found, deps.now)) return expireAndOfferOn(tx, deps, found, session);
    await repository.setEntryState(tx, entryKey(found), { state: 'DECLINED', now: deps.now });
    await offerFreedSeats(tx, at(deps, found), session);
    return { refusal: null };
  });
}
