import { and, asc, eq, gt, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import { establishmentOfSchedule, scheduleOfSession, sessionSlotColumns, timeOfDay } from '../../db/joins.ts';
import { enrolled, enrolledWithoutAttendance } from '../../db/roster.ts';
import {
  customerClassLinks,
  customers,
  establishments,
  eventDeliveries,
  organizations,
  scheduleSessions,
  schedules,
  sessionAttendance,
  sessionIsMoved,
} from '../../db/schema/index.ts';

/** The SQL of a customer's class link (decision 025) and of the places it lists. */

type Reader = Database | Transaction;

/** The occasion of a link's messages: one per link, so sending it again writes no second message. */
export const linkOccasion = (linkId: string) => `class-link:${linkId}`;

/**
 * For the job sending queued link e-mails: the message's delivery names a link still live (as `linkOccasion`
 * writes it). A link revoked or replaced before SMTP took its e-mail is not sent.
 */
export const linkStillLive: SQL = sql`exists (select 1 from ${customerClassLinks}
  where ${customerClassLinks.organizationId} = ${eventDeliveries.organizationId}
    and ${eventDeliveries.occasion} = 'class-link:' || ${customerClassLinks.id}
    and ${customerClassLinks.revokedAt} is null)`;

type CustomerKey = { organizationId: string; customerId: string };

const opensAt = (now: Date) =>
  and(isNull(customerClassLinks.revokedAt), gt(customerClassLinks.expiresAt, now));

/**
 * The organization an open link belongs to, by its token's hash: the exchange's first read, on the
 * connecting user's pool (the link arrives without an organization); everything after runs under the wall.
 */
export async function findLinkOrganization(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ organizationId: customerClassLinks.organizationId })
    .from(customerClassLinks)
    .where(and(eq(customerClassLinks.tokenHash, tokenHash), opensAt(now)));
  return row?.organizationId ?? null;
}

/** The open link of a customer on the books, read inside the organization's wall. */
export async function findOpenLink(tx: Transaction, organizationId: string, tokenHash: string, now: Date) {
  const [row] = await tx
    .select({ id: customerClassLinks.id, customerId: customerClassLinks.customerId })
    .from(customerClassLinks)
    .innerJoin(
      customers,
      and(
        eq(customers.organizationId, customerClassLinks.organizationId),
        eq(customers.id, customerClassLinks.customerId),
      ),
    )
    .where(
      and(
        eq(customerClassLinks.organizationId, organizationId),
        eq(customerClassLinks.tokenHash, tokenHash),
        opensAt(now),
        onTheBooks(customers.status),
      ),
    );
  return row ?? null;
}

/** The customer's first name, their organization's name and zone: the portal's greeting. */
export async function findGreeting(tx: Transaction, key: CustomerKey) {
  const [row] = await tx
    .select({
      customerFirstName: customers.firstName,
      organizationName: organizations.name,
      timeZone: organizations.timeZone,
    })
    .from(customers)
    .innerJoin(organizations, eq(organizations.id, customers.organizationId))
    .where(
      and(
        eq(customers.organizationId, key.organizationId),
        eq(customers.id, key.customerId),
        onTheBooks(customers.status),
      ),
    );
  return row ?? null;
}

/**
 * Customers on the books with this e-mail, in every organization (the portal's "send me a new link": the
 * page does not know the studio yet). Read on the connecting user's pool, like a token's lookup.
 */
export async function findCustomersByEmail(db: Database, email: string) {
  return db
    .select({ organizationId: customers.organizationId, id: customers.id })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${email.toLowerCase()}`, onTheBooks(customers.status)))
    .limit(10);
}

/** The customer on the books, locked, so two rotations of their link take turns. */
export async function lockCustomer(tx: Transaction, key: CustomerKey) {
  const [row] = await tx
    .select({ id: customers.id, firstName: customers.firstName })
    .from(customers)
    .where(
      and(
        eq(customers.organizationId, key.organizationId),
        eq(customers.id, key.customerId),
        onTheBooks(customers.status),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function findCustomerOnTheBooks(db: Reader, key: CustomerKey) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.organizationId, key.organizationId),
        eq(customers.id, key.customerId),
        onTheBooks(customers.status),
      ),
    );
  return row ?? null;
}

/** The customer's link that still opens (a link past its expiry is shown as none). */
export async function findLiveLinkOf(db: Reader, key: CustomerKey, now: Date) {
  const [row] = await db
    .select({
      id: customerClassLinks.id,
      createdAt: customerClassLinks.createdAt,
      expiresAt: customerClassLinks.expiresAt,
    })
    .from(customerClassLinks)
    .where(
      and(
        eq(customerClassLinks.organizationId, key.organizationId),
        eq(customerClassLinks.customerId, key.customerId),
        opensAt(now),
      ),
    );
  return row ?? null;
}

/** Revokes the customer's live link, if any; answers whether there was one. */
export async function revokeLiveLink(tx: Transaction, key: CustomerKey, now: Date): Promise<boolean> {
  const revoked = await tx
    .update(customerClassLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(customerClassLinks.organizationId, key.organizationId),
        eq(customerClassLinks.customerId, key.customerId),
        isNull(customerClassLinks.revokedAt),
      ),
    )
    .returning({ id: customerClassLinks.id });
  return revoked.length > 0;
}

export async function insertLink(tx: Transaction, row: typeof customerClassLinks.$inferInsert) {
  await tx.insert(customerClassLinks).values(row);
}

/** The slot the schedule generated, for a session staff moved away from it (decision 046). */
const movedFromColumns = {
  isMoved: sessionIsMoved,
  scheduledDate: sql<string>`${scheduleSessions.scheduledDate}::text`,
  scheduledStartTime: timeOfDay(scheduleSessions.scheduledStartTime),
};

const inWindow = (window: { from: Date; to: Date }) =>
  and(
    gt(scheduleSessions.startsAt, window.from),
    lte(scheduleSessions.startsAt, window.to),
    eq(scheduleSessions.isActive, true),
  );

/**
 * The customer's places in active sessions starting within the window: their attendance rows (any status),
 * and the sessions their enrollments put them on without a row (CONFIRMED) — the roster's own rule
 * (db/roster.ts). By start, then session id.
 */
export async function listPlaces(tx: Transaction, key: CustomerKey, window: { from: Date; to: Date }) {
  const [recorded, enrolledOnly] = await Promise.all([
    tx
      .select({
        ...sessionSlotColumns,
        ...movedFromColumns,
        status: sessionAttendance.status,
        source: sessionAttendance.source,
      })
      .from(sessionAttendance)
      .innerJoin(
        scheduleSessions,
        and(
          eq(scheduleSessions.organizationId, sessionAttendance.organizationId),
          eq(scheduleSessions.id, sessionAttendance.sessionId),
        ),
      )
      .innerJoin(schedules, scheduleOfSession)
      .innerJoin(establishments, establishmentOfSchedule)
      .where(
        and(
          eq(sessionAttendance.organizationId, key.organizationId),
          eq(sessionAttendance.customerId, key.customerId),
          inWindow(window),
        ),
      ),
    tx
      .select({ ...sessionSlotColumns, ...movedFromColumns })
      .from(scheduleSessions)
      .innerJoin(enrolled, and(enrolledWithoutAttendance(), eq(enrolled.customerId, key.customerId)))
      .innerJoin(schedules, scheduleOfSession)
      .innerJoin(establishments, establishmentOfSchedule)
      .where(and(eq(scheduleSessions.organizationId, key.organizationId), inWindow(window)))
      .orderBy(asc(scheduleSessions.startsAt)),
  ]);
  const fromEnrollments = enrolledOnly.map((place) => ({
    ...place,
    status: 'CONFIRMED' as const,
    source: 'ENROLLMENT' as const,
  }));
  // One enrollment per schedule and date range (decision 013), so a session appears once.
  return [...recorded, ...fromEnrollments].sort(
    (a, b) => a.startsAt.getTime() - b.startsAt.getTime() || (a.sessionId < b.sessionId ? -1 : 1),
  );
}
