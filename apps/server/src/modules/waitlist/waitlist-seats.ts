import { createHash, randomBytes } from 'node:crypto';
import { remainingSeats } from '@reformer/domain/sessions';
import {
  canOffer,
  nextToOffer,
  offerExpiry,
  offerMessage,
  waitlistOfferPath,
} from '@reformer/domain/waitlist';
import { waitlistOfferTemplate } from '@reformer/domain/whatsapp-template-parameters';
import type { Transaction } from '../../db/client.ts';
import { queueDelivery } from '../events/events-delivery.ts';
import { countRoster, enrolledAmong } from '../sessions/sessions.repository.ts';
import * as repository from './waitlist.repository.ts';
import { readSettings } from './waitlist-settings.ts';

/**
 * Seats and offers of one session's waitlist (decision 024). Every function here runs inside a transaction
 * that holds the session's schedule lock (decision 013's order: enrollment → schedule → customer), so the
 * seat count, the held seats and who is next are read by one writer at a time.
 */

export type SessionAt = { organizationId: string; sessionId: string; now: Date };
export type LockedSession = { capacity: number; isActive: boolean; startsAt: Date };

/**
 * Seats held by live offers: the roster's seat checks count them as taken. `forCustomerIds`: customers being
 * seated now, whose own offers are the seats they take, not seats held from them.
 */
export function heldSeats(tx: Transaction, at: SessionAt, forCustomerIds: string[] = []): Promise<number> {
  return repository.countHeldSeats(tx, at, at.now, forCustomerIds);
}

/**
 * Customers staff added to the class straight away leave its waitlist (their entries ACCEPTED), so no
 * later seat is offered to them and an offer they held no longer holds a second seat.
 */
export function seatedFromLine(tx: Transaction, at: SessionAt, customerIds: string[]): Promise<void> {
  return repository.acceptEntriesOf(tx, at, customerIds, at.now);
}

/** A random link token (256 bits) and the SHA-256 the table keeps: a copy of the database opens no offer. */
export function newOfferToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOfferToken(token) };
}

export function hashOfferToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type Offered = { entryId: string; customerId: string; expiresAt: Date };

/**
 * Expires the session's offers past their time, then offers each free seat nobody holds to the next person
 * waiting, one seat per person, and writes each offer's messages (e-mail to the outbox, the WhatsApp link)
 * in the same transaction. Nothing is offered once the session has started (its line is closed then) or
 * while it is inactive.
 */
export async function offerFreedSeats(
  tx: Transaction,
  at: SessionAt & { publicUrl: string },
  session: LockedSession,
): Promise<Offered[]> {
  await repository.expireDueOffers(tx, at, at.now, session.startsAt);
  if (session.startsAt.getTime() <= at.now.getTime()) await repository.closeLine(tx, at, at.now);
  if (!canOffer(session, at.now)) return [];
  const waiting = await repository.listWaiting(tx, at);
  if (waiting.length === 0) return [];
  const [{ rosterCount }, held] = [
    await countRoster(tx, at.organizationId, at.sessionId),
    await heldSeats(tx, at),
  ];
  const seats = remainingSeats({ capacity: session.capacity, rosterCount, heldSeats: held });
  if (seats === 0) return [];
  const settings = await readSettings(tx, at.organizationId);
  const offered: Offered[] = [];
  for (const entry of nextToOffer(await withoutPlaceInSession(tx, at, waiting), seats)) {
    const expiresAt = offerExpiry(at.now, settings.holdMinutes, session.startsAt);
    await offerSeat(tx, at, { entryId: entry.id, customerId: entry.customerId, expiresAt }, settings);
    offered.push({ entryId: entry.id, customerId: entry.customerId, expiresAt });
  }
  return offered;
}

/**
 * The waiting entries of customers with no place in the session. Staff may seat someone waiting (added at
 * the desk, enrolled) without the line knowing: offering them a seat would hold a second seat for one
 * person, and one with a canceled place cannot take an added one. They stay in line for staff to remove.
 */
async function withoutPlaceInSession<T extends { customerId: string }>(
  tx: Transaction,
  at: SessionAt,
  waiting: T[],
): Promise<T[]> {
  const ids = waiting.map((entry) => entry.customerId);
  const placed = new Set([
    ...(await enrolledAmong(tx, at, ids)),
    ...(await repository.customersWithAttendance(tx, at, ids)),
  ]);
  return waiting.filter((entry) => !placed.has(entry.customerId));
}

async function offerSeat(
  tx: Transaction,
  at: SessionAt & { publicUrl: string },
  offer: Offered,
  settings: Awaited<ReturnType<typeof readSettings>>,
) {
  const { token, tokenHash } = newOfferToken();
  const key = { organizationId: at.organizationId, entryId: offer.entryId };
  const offerCount = await repository.markOffered(tx, key, {
    tokenHash,
    offeredAt: at.now,
    expiresAt: offer.expiresAt,
  });
  const context = await repository.findOfferContext(tx, at, offer.customerId);
  if (!context) throw new Error(`the offer's session ${at.sessionId} or customer vanished under the lock`);
  const link = `${at.publicUrl}${waitlistOfferPath(token)}`;
  const text = offerMessage(settings.messageLanguage, {
    customerFirstName: context.firstName,
    sessionName: context.sessionName,
    establishmentName: context.establishmentName,
    startsAt: context.startsAt,
    expiresAt: offer.expiresAt,
    timeZone: context.timeZone,
    link,
  });
  const template = waitlistOfferTemplate(settings.messageLanguage, {
    firstName: context.firstName,
    startsAt: context.startsAt,
    expiresAt: offer.expiresAt,
    timeZone: context.timeZone,
    link,
  });
  // A customer with neither e-mail nor phone gets no message (UNDELIVERABLE): the offer stands, staff call.
  await queueDelivery(
    tx,
    {
      organizationId: at.organizationId,
      organizationName: context.organizationName,
      kind: 'WAITLIST_OFFER',
      occasion: repository.offerOccasion(offer.entryId, offerCount),
      occasionDate: context.sessionDate,
      enrollmentId: null,
      customer: context,
      text,
      template,
    },
    ['EMAIL', 'WHATSAPP'],
    { source: 'AUTOMATIC', actorId: null, at: at.now },
  );
}
