import type { WaitlistEntryState, WaitlistSettings } from '@reformer/domain/waitlist';
import { and, asc, eq, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import { establishmentOfSchedule, scheduleOfSession, sessionSlotColumns } from '../../db/joins.ts';
import { seatsHeld, seatsTaken, selectField } from '../../db/roster.ts';
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
const sessionOfEntry = and(
  eq(scheduleSessions.organizationId, waitlistEntries.organizationId),
  eq(scheduleSessions.id, waitlistEntries.sessionId),
);

/** Seats the session's live offers hold at `now` (db/roster.ts `seatsHeld`), leaving out `exceptCustomerIds`. */
export async function countHeldSeats(
  db: Reader,
  key: SessionKey,
  now: Date,
  exceptCustomerIds: string[] = [],
) {
  const [row] = await db
    .select({ held: selectField(seatsHeld(sql`${now.toISOString()}::timestamptz`, exceptCustomerIds)) })
    .from(scheduleSessions)
    .where(
      and(eq(scheduleSessions.organizationId, key.organizationId), eq(scheduleSessions.id, key.sessionId)),
    );
  return row?.held ?? 0;
}

/** Customers staff put in the class themselves leave its line: their waiting or offered entries are ACCEPTED. */
export async function acceptEntriesOf(tx: Transaction, key: SessionKey, customerIds: string[], now: Date) {
  await tx
    .update(waitlistEntries)
    .set({ state: 'ACCEPTED', resolvedAt: now, updatedAt: now })
    .where(
      and(
        ofSession(key),
        inArray(waitlistEntries.customerId, customerIds),
        inArray(waitlistEntries.state, ['WAITING', 'OFFERED']),
      ),
    );
}

/** Offers of the session past their time (all of them once the session has started) become EXPIRED. */
export async function expireDueOffers(tx: Transaction, key: SessionKey, now: Date, sessionStartsAt: Date) {
  const isDue =
    sessionStartsAt.getTime() <= now.getTime() ? undefined : lte(waitlistEntries.offerExpiresAt, now);
  const expired = await tx
    .update(waitlistEntries)
    .set({ state: 'EXPIRED', resolvedAt: now, updatedAt: now })
    .where(and(ofSession(key), eq(waitlistEntries.state, 'OFFERED'), isDue))
    .returning({ id: waitlistEntries.id });
  return expired.length;
}

/** Once the session has started its line is over: who still waits is EXPIRED (and no job looks at it again). */
export async function closeLine(tx: Transaction, key: SessionKey, now: Date) {
  await tx
    .update(waitlistEntries)
    .set({ state: 'EXPIRED', resolvedAt: now, updatedAt: now })
    .where(and(ofSession(key), eq(waitlistEntries.state, 'WAITING')));
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
    .where(and(ofSession(key), eq(waitlistEntries.state, 'WAITING'), onTheBooks(customers.status)))
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
    .innerJoin(schedules, scheduleOfSession)
    .innerJoin(establishments, establishmentOfSchedule)
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
 * For the job sending queued offer e-mails: the message's delivery names an offer still live at `now` (its
 * occasion as `offerOccasion` writes it). An e-mail queued without SMTP is not sent once its offer has ended.
 */
export function offerStillLive(now: Date): SQL {
  return sql`exists (select 1 from ${waitlistEntries}
    where ${waitlistEntries.organizationId} = ${eventDeliveries.organizationId}
      and ${eventDeliveries.occasion} = 'waitlist:' || ${waitlistEntries.id} || ':' || ${waitlistEntries.offerCount}
      and ${waitlistEntries.state} = 'OFFERED' and ${waitlistEntries.offerExpiresAt} > ${now})`;
}

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
  return (
    db
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
      // A deleted customer's place in line is never offered (listWaiting), so the line shown leaves it out too:
      // a reorder names exactly the line shown.
      .where(
        and(
          ofSession(key),
          sql`${waitlistEntries.state} <> 'REMOVED'`,
          or(ne(waitlistEntries.state, 'WAITING'), onTheBooks(customers.status)),
        ),
      )
      .orderBy(
        // Offers first (they hold their seats), then the line, then what left it.
        sql`case ${waitlistEntries.state} when 'OFFERED' then 0 when 'WAITING' then 1 else 2 end`,
        sql`case when ${isActive} then ${waitlistEntries.position} end`,
        sql`${waitlistEntries.resolvedAt} desc nulls last`,
        asc(waitlistEntries.id),
      )
  );
}

/** The status of the customer's attendance row in the session, or null without one. */
export async function attendanceStatusOf(tx: Transaction, key: SessionKey, customerId: string) {
  const [row] = await tx
    .select({ status: sessionAttendance.status })
    .from(sessionAttendance)
    .where(
      and(
        eq(sessionAttendance.organizationId, key.organizationId),
        eq(sessionAttendance.sessionId, key.sessionId),
        eq(sessionAttendance.customerId, customerId),
      ),
    );
  return row?.status ?? null;
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
        onTheBooks(customers.status),
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
/** An entry with what its offer page shows, found by its offer's token or (the portal) by its id. */
function offers(db: Reader) {
  return db
    .select({
      organizationId: waitlistEntries.organizationId,
      entryId: waitlistEntries.id,
      ...sessionSlotColumns,
      customerId: waitlistEntries.customerId,
      state: waitlistEntries.state,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      customerStatus: customers.status,
      customerFirstName: customers.firstName,
      organizationName: organizations.name,
      timeZone: organizations.timeZone,
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
    .innerJoin(schedules, scheduleOfSession)
    .innerJoin(establishments, establishmentOfSchedule);
}

export async function findOfferByToken(db: Reader, tokenHash: string) {
  const [row] = await offers(db).where(eq(waitlistEntries.offerTokenHash, tokenHash));
  return row ?? null;
}

/** The customer's own entry (the portal, decision 039): another customer's id is not found. */
export async function findOfferOfCustomer(
  db: Reader,
  key: { organizationId: string; customerId: string; entryId: string },
) {
  const [row] = await offers(db).where(
    and(
      eq(waitlistEntries.organizationId, key.organizationId),
      eq(waitlistEntries.customerId, key.customerId),
      eq(waitlistEntries.id, key.entryId),
    ),
  );
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
 * Sessions the job has work in, most urgent first: those started with a line still open (its offers and
 * waiting entries expire), those with an offer past its time, and those not started, active, with someone waiting and a seat nobody takes or holds (freed by a
 * path that offers nothing itself, an enrollment paused say). A full session with a line is not touched, so
 * each run's work is what is due, not every line of every organization.
 */
export async function listSessionsToSettle(db: Database, now: Date, limit = 500) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const isDue = sql`(bool_or(${waitlistEntries.state} = 'OFFERED'
    and least(${waitlistEntries.offerExpiresAt}, ${scheduleSessions.startsAt}) <= ${at})
    or ${scheduleSessions.startsAt} <= ${at})`;
  const hasUnheldSeat = sql`(bool_or(${waitlistEntries.state} = 'WAITING') and ${scheduleSessions.isActive}
    and ${scheduleSessions.startsAt} > ${at}
    and max(${schedules.capacity}) > ${seatsTaken()} + ${seatsHeld(at)})`;
  return db
    .select({ organizationId: scheduleSessions.organizationId, sessionId: scheduleSessions.id })
    .from(waitlistEntries)
    .innerJoin(scheduleSessions, sessionOfEntry)
    .innerJoin(schedules, scheduleOfSession)
    .where(inArray(waitlistEntries.state, ['WAITING', 'OFFERED']))
    .groupBy(scheduleSessions.organizationId, scheduleSessions.id)
    .having(sql`${isDue} or ${hasUnheldSeat}`)
    .orderBy(sql`min(${scheduleSessions.startsAt})`)
    .limit(limit);
}
