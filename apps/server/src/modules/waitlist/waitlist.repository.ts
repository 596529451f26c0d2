import type { WaitlistEntryState, WaitlistSettings } from '@reformer/domain/waitlist';
import { and, asc, eq, gt, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  customers,
  establishments,
  eventDeliveries,
  eventMessages,
  organizations,
  scheduleSessions,
  schedules,
  sessionAttendance,
  waitlistEntries,
  waitlistSettings,
} from '../../db/schema/index.ts';

type Reader = Database | Transaction;
type SessionKey = { organizationId: string; sessionId: string };
type EntryKey = { organizationId: string; entryId: string };

export async function findSettings(db: Reader, organizationId: string) {
  const [row] = await db
    .select({ holdMinutes: waitlistSettings.holdMinutes, messageLanguage: waitlistSettings.messageLanguage })
    .from(waitlistSettings)
    .where(eq(waitlistSettings.organizationId, organizationId));
  return row ?? null;
}

export async function saveSettings(db: Reader, organizationId: string, values: WaitlistSettings, now: Date) {
  const row = { ...values, updatedAt: now };
  await db
    .insert(waitlistSettings)
    .values({ organizationId, ...row })
    .onConflictDoUpdate({ target: waitlistSettings.organizationId, set: row });
}

const ofSession = (key: SessionKey) =>
  and(eq(waitlistEntries.organizationId, key.organizationId), eq(waitlistEntries.sessionId, key.sessionId));

/** Live offers hold a seat each; an offer past its time holds nothing even before the job writes EXPIRED. */
export async function countHeldSeats(db: Reader, key: SessionKey, now: Date) {
  const [row] = await db
    .select({ held: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(ofSession(key), eq(waitlistEntries.state, 'OFFERED'), gt(waitlistEntries.offerExpiresAt, now)),
    );
  return row?.held ?? 0;
}

/** Offers of the session past their time become EXPIRED; answers how many. */
export async function expireDueOffers(tx: Transaction, key: SessionKey, now: Date) {
  const expired = await tx
    .update(waitlistEntries)
    .set({ state: 'EXPIRED', resolvedAt: now, updatedAt: now })
    .where(
      and(ofSession(key), eq(waitlistEntries.state, 'OFFERED'), lte(waitlistEntries.offerExpiresAt, now)),
    )
    .returning({ id: waitlistEntries.id });
  return expired.length;
}

/** The session's WAITING entries of customers still on the books, first in line first. */
export async function listWaiting(db: Reader, key: SessionKey) {
  return db
    .select({
      id: waitlistEntries.id,
      customerId: waitlistEntries.customerId,
      state: waitlistEntries.state,
      position: waitlistEntries.position,
    })
    .from(waitlistEntries)
    .innerJoin(
      customers,
      and(
        eq(customers.organizationId, waitlistEntries.organizationId),
        eq(customers.id, waitlistEntries.customerId),
      ),
    )
    .where(
      and(
        ofSession(key),
        eq(waitlistEntries.state, 'WAITING'),
        notInArray(customers.status, ['DELETED', 'PURGED']),
      ),
    )
    .orderBy(asc(waitlistEntries.position), asc(waitlistEntries.id));
}

export async function markOffered(
  tx: Transaction,
  key: EntryKey,
  offer: { tokenHash: string; offeredAt: Date; expiresAt: Date },
) {
  const [row] = await tx
    .update(waitlistEntries)
    .set({
      state: 'OFFERED',
      offerTokenHash: offer.tokenHash,
      offerCount: sql`${waitlistEntries.offerCount} + 1`,
      offeredAt: offer.offeredAt,
      offerExpiresAt: offer.expiresAt,
      updatedAt: offer.offeredAt,
    })
    .where(and(eq(waitlistEntries.organizationId, key.organizationId), eq(waitlistEntries.id, key.entryId)))
    .returning({ offerCount: waitlistEntries.offerCount });
  if (!row) throw new Error(`waitlist entry ${key.entryId} vanished under the schedule lock`);
  return row.offerCount;
}

/** What an offer's message says and where it goes: the session, the studio, the customer's contacts. */
export async function findOfferContext(tx: Reader, key: SessionKey, customerId: string) {
  const [row] = await tx
    .select({
      organizationName: organizations.name,
      timeZone: organizations.timeZone,
      sessionName: schedules.name,
      establishmentName: establishments.name,
      sessionDate: sql<string>`${scheduleSessions.date}::text`,
      startsAt: scheduleSessions.startsAt,
      customerId: customers.id,
      firstName: customers.firstName,
      customerName: sql<string>`trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName}))`,
      email: customers.email,
      phone: customers.phone,
      country: customers.country,
    })
    .from(scheduleSessions)
    .innerJoin(organizations, eq(organizations.id, scheduleSessions.organizationId))
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
    .innerJoin(
      customers,
      and(eq(customers.organizationId, scheduleSessions.organizationId), eq(customers.id, customerId)),
    )
    .where(
      and(eq(scheduleSessions.organizationId, key.organizationId), eq(scheduleSessions.id, key.sessionId)),
    );
  return row ?? null;
}

/** The occasion of an entry's n-th offer: the key that sends its message once (decision 016). */
export const offerOccasion = (entryId: string, offerCount: number) => `waitlist:${entryId}:${offerCount}`;

/**
 * The session's entries with their customers, the active ones in line order, then the others newest first;
 * REMOVED entries are left out. A live offer carries its WhatsApp message for the member to open.
 */
export async function listEntries(db: Reader, key: SessionKey) {
  const whatsApp = db
    .select({
      messageId: eventMessages.id,
      link: eventMessages.link,
      status: eventMessages.status,
      occasion: eventDeliveries.occasion,
    })
    .from(eventMessages)
    .innerJoin(
      eventDeliveries,
      and(
        eq(eventDeliveries.organizationId, eventMessages.organizationId),
        eq(eventDeliveries.id, eventMessages.deliveryId),
      ),
    )
    .where(
      and(
        eq(eventMessages.organizationId, key.organizationId),
        eq(eventMessages.kind, 'WAITLIST_OFFER'),
        eq(eventMessages.channel, 'WHATSAPP'),
      ),
    )
    .as('whatsapp');
  const isActive = sql`${waitlistEntries.state} in ('WAITING', 'OFFERED')`;
  return db
    .select({
      id: waitlistEntries.id,
      customerId: waitlistEntries.customerId,
      customerName: sql<string>`trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName}))`,
      phone: customers.phone,
      state: waitlistEntries.state,
      position: waitlistEntries.position,
      offeredAt: waitlistEntries.offeredAt,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      resolvedAt: waitlistEntries.resolvedAt,
      createdAt: waitlistEntries.createdAt,
      messageId: whatsApp.messageId,
      link: whatsApp.link,
      messageStatus: whatsApp.status,
    })
    .from(waitlistEntries)
    .innerJoin(
      customers,
      and(
        eq(customers.organizationId, waitlistEntries.organizationId),
        eq(customers.id, waitlistEntries.customerId),
      ),
    )
    .leftJoin(
      whatsApp,
      and(
        eq(waitlistEntries.state, 'OFFERED'),
        eq(
          whatsApp.occasion,
          sql`'waitlist:' || ${waitlistEntries.id}::text || ':' || ${waitlistEntries.offerCount}::text`,
        ),
      ),
    )
    .where(and(ofSession(key), sql`${waitlistEntries.state} <> 'REMOVED'`))
    .orderBy(
      // Offers first (they hold their seats), then the line, then what left it.
      sql`case ${waitlistEntries.state} when 'OFFERED' then 0 when 'WAITING' then 1 else 2 end`,
      sql`case when ${isActive} then ${waitlistEntries.position} end`,
      sql`${waitlistEntries.resolvedAt} desc nulls last`,
      asc(waitlistEntries.id),
    );
}

/** Of `customerIds`, those with an attendance row in the session that takes a seat or not (any row). */
export async function customersWithAttendance(tx: Transaction, key: SessionKey, customerIds: string[]) {
  const rows = await tx
    .select({ customerId: sessionAttendance.customerId })
    .from(sessionAttendance)
    .where(
      and(
        eq(sessionAttendance.organizationId, key.organizationId),
        eq(sessionAttendance.sessionId, key.sessionId),
        inArray(sessionAttendance.customerId, customerIds),
      ),
    );
  return rows.map((row) => row.customerId);
}

/** The customers on the books among `ids`, share-locked (a delete waits for this change), in id order. */
export async function lockCustomersOnTheBooks(tx: Transaction, organizationId: string, ids: string[]) {
  return tx
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.organizationId, organizationId),
        inArray(customers.id, ids),
        notInArray(customers.status, ['DELETED', 'PURGED']),
      ),
    )
    .orderBy(asc(customers.id))
    .for('share');
}

/** Of `customerIds`, those with an active entry (waiting or offered) in the session. */
export async function activeEntriesOf(tx: Transaction, key: SessionKey, customerIds: string[]) {
  const rows = await tx
    .select({ customerId: waitlistEntries.customerId })
    .from(waitlistEntries)
    .where(
      and(
        ofSession(key),
        inArray(waitlistEntries.customerId, customerIds),
        inArray(waitlistEntries.state, ['WAITING', 'OFFERED']),
      ),
    );
  return rows.map((row) => row.customerId);
}

/** The position after the last active entry's. */
export async function nextPosition(tx: Transaction, key: SessionKey) {
  const [row] = await tx
    .select({ last: sql<number | null>`max(${waitlistEntries.position})` })
    .from(waitlistEntries)
    .where(and(ofSession(key), inArray(waitlistEntries.state, ['WAITING', 'OFFERED'])));
  return (row?.last ?? 0) + 1;
}

/** The position before the first waiting entry's: a person whose seat was taken goes back to the front. */
export async function frontPosition(tx: Transaction, key: SessionKey) {
  const [row] = await tx
    .select({ first: sql<number | null>`min(${waitlistEntries.position})` })
    .from(waitlistEntries)
    .where(and(ofSession(key), eq(waitlistEntries.state, 'WAITING')));
  return (row?.first ?? 1) - 1;
}

export type EntryInsert = typeof waitlistEntries.$inferInsert;

export async function insertEntries(tx: Transaction, rows: EntryInsert[]) {
  await tx.insert(waitlistEntries).values(rows);
}

export async function setPositions(tx: Transaction, key: SessionKey, order: string[], now: Date) {
  for (const [index, entryId] of order.entries())
    await tx
      .update(waitlistEntries)
      .set({ position: index + 1, updatedAt: now })
      .where(and(ofSession(key), eq(waitlistEntries.id, entryId)));
}

export async function findEntry(tx: Reader, key: SessionKey & { entryId: string }) {
  const [row] = await tx
    .select({
      id: waitlistEntries.id,
      customerId: waitlistEntries.customerId,
      state: waitlistEntries.state,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
    })
    .from(waitlistEntries)
    .where(and(ofSession(key), eq(waitlistEntries.id, key.entryId)));
  return row ?? null;
}

/** Moves an entry to `state`; `position` when it goes back in line. */
export async function setEntryState(
  tx: Transaction,
  key: EntryKey,
  change: { state: WaitlistEntryState; now: Date; position?: number },
) {
  const inLine = change.state === 'WAITING';
  await tx
    .update(waitlistEntries)
    .set({
      state: change.state,
      resolvedAt: inLine ? null : change.now,
      ...(change.position === undefined ? {} : { position: change.position }),
      updatedAt: change.now,
    })
    .where(and(eq(waitlistEntries.organizationId, key.organizationId), eq(waitlistEntries.id, key.entryId)));
}

/** The offer a link's token names, with what its page shows; found across organizations (the token is the key). */
export async function findOfferByToken(db: Reader, tokenHash: string) {
  const [row] = await db
    .select({
      organizationId: waitlistEntries.organizationId,
      entryId: waitlistEntries.id,
      sessionId: waitlistEntries.sessionId,
      customerId: waitlistEntries.customerId,
      state: waitlistEntries.state,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      customerFirstName: customers.firstName,
      organizationName: organizations.name,
      timeZone: organizations.timeZone,
      sessionName: schedules.name,
      establishmentName: establishments.name,
      date: sql<string>`${scheduleSessions.date}::text`,
      startTime: sql<string>`to_char(${scheduleSessions.startTime}, 'HH24:MI')`,
      endTime: sql<string>`to_char(${scheduleSessions.endTime}, 'HH24:MI')`,
      startsAt: scheduleSessions.startsAt,
      isActive: scheduleSessions.isActive,
    })
    .from(waitlistEntries)
    .innerJoin(
      customers,
      and(
        eq(customers.organizationId, waitlistEntries.organizationId),
        eq(customers.id, waitlistEntries.customerId),
      ),
    )
    .innerJoin(organizations, eq(organizations.id, waitlistEntries.organizationId))
    .innerJoin(
      scheduleSessions,
      and(
        eq(scheduleSessions.organizationId, waitlistEntries.organizationId),
        eq(scheduleSessions.id, waitlistEntries.sessionId),
      ),
    )
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
    .where(eq(waitlistEntries.offerTokenHash, tokenHash));
  return row ?? null;
}

export async function insertAddedAttendance(tx: Transaction, key: SessionKey, customerId: string, now: Date) {
  await tx.insert(sessionAttendance).values({
    organizationId: key.organizationId,
    sessionId: key.sessionId,
    customerId,
    source: 'ADDED',
    status: 'CONFIRMED',
    reason: 'OTHER',
    notes: null,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Sessions the job looks at: those with an offer past its time, and those not started with someone
 * waiting (a seat freed by a path that offers nothing itself, an enrollment paused say).
 */
export async function listSessionsToSettle(db: Database, now: Date) {
  return db
    .selectDistinct({ organizationId: waitlistEntries.organizationId, sessionId: waitlistEntries.sessionId })
    .from(waitlistEntries)
    .innerJoin(
      scheduleSessions,
      and(
        eq(scheduleSessions.organizationId, waitlistEntries.organizationId),
        eq(scheduleSessions.id, waitlistEntries.sessionId),
      ),
    )
    .where(
      sql`(${waitlistEntries.state} = 'OFFERED' and ${waitlistEntries.offerExpiresAt} <= ${now.toISOString()}::timestamptz)
        or (${waitlistEntries.state} = 'WAITING' and ${scheduleSessions.startsAt} > ${now.toISOString()}::timestamptz
          and ${scheduleSessions.isActive})`,
    )
    .limit(1000);
}
