import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import { establishmentOfSchedule, scheduleOfSession, timeOfDay } from '../../db/joins.ts';
import { enrolled, enrolledWithoutAttendance } from '../../db/roster.ts';
import {
  customerCalendarFeeds,
  customers,
  establishments,
  organizations,
  scheduleSessions,
  schedules,
  sessionAttendance,
  sessionIsMoved,
} from '../../db/schema/index.ts';

/** The SQL of a customer's calendar feed (decision 046): the feed's row, and the places it lists. */

type Reader = Database | Transaction;
type CustomerKey = { organizationId: string; customerId: string };

const ofCustomer = (key: CustomerKey) =>
  and(
    eq(customerCalendarFeeds.organizationId, key.organizationId),
    eq(customerCalendarFeeds.customerId, key.customerId),
  );

/** The organization of a live feed, by its token's hash: read on the connecting pool, as a link's token is. */
export async function findFeedOrganization(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ organizationId: customerCalendarFeeds.organizationId })
    .from(customerCalendarFeeds)
    .where(and(eq(customerCalendarFeeds.tokenHash, tokenHash), isNull(customerCalendarFeeds.revokedAt)));
  return row?.organizationId ?? null;
}

/** The live feed of a customer still on the books, read inside the organization's wall. */
export async function findLiveFeed(tx: Transaction, organizationId: string, tokenHash: string) {
  const [row] = await tx
    .select({ id: customerCalendarFeeds.id, customerId: customerCalendarFeeds.customerId })
    .from(customerCalendarFeeds)
    .innerJoin(
      customers,
      and(
        eq(customers.organizationId, customerCalendarFeeds.organizationId),
        eq(customers.id, customerCalendarFeeds.customerId),
      ),
    )
    .where(
      and(
        eq(customerCalendarFeeds.organizationId, organizationId),
        eq(customerCalendarFeeds.tokenHash, tokenHash),
        isNull(customerCalendarFeeds.revokedAt),
        onTheBooks(customers.status),
      ),
    );
  return row ?? null;
}

export async function findLiveFeedOf(db: Reader, key: CustomerKey) {
  const [row] = await db
    .select({ id: customerCalendarFeeds.id, createdAt: customerCalendarFeeds.createdAt })
    .from(customerCalendarFeeds)
    .where(and(ofCustomer(key), isNull(customerCalendarFeeds.revokedAt)));
  return row ?? null;
}

/** Revokes the customer's live feed, if any; answers its id. */
export async function revokeLiveFeed(
  tx: Transaction,
  key: CustomerKey,
  revoke: { now: Date; by: 'CUSTOMER' | 'STAFF' },
) {
  const [row] = await tx
    .update(customerCalendarFeeds)
    .set({ revokedAt: revoke.now, revokedBy: revoke.by })
    .where(and(ofCustomer(key), isNull(customerCalendarFeeds.revokedAt)))
    .returning({ id: customerCalendarFeeds.id });
  return row?.id ?? null;
}

export async function insertFeed(tx: Transaction, row: typeof customerCalendarFeeds.$inferInsert) {
  await tx.insert(customerCalendarFeeds).values(row);
}

const placeColumns = {
  sessionId: scheduleSessions.id,
  sessionName: schedules.name,
  establishmentName: establishments.name,
  establishmentAddress: establishments.address,
  startsAt: scheduleSessions.startsAt,
  endsAt: scheduleSessions.endsAt,
  isSessionActive: scheduleSessions.isActive,
  isMoved: sessionIsMoved,
  scheduledDate: sql<string>`${scheduleSessions.scheduledDate}::text`,
  scheduledStartTime: timeOfDay(scheduleSessions.scheduledStartTime),
  sessionCreatedAt: scheduleSessions.createdAt,
  sessionUpdatedAt: scheduleSessions.updatedAt,
};

/**
 * The customer's places in sessions starting within the window, canceled sessions included (the feed marks
 * them CANCELLED): their attendance rows (any status), and the sessions their enrollments put them on
 * without a row — the roster's own rule (db/roster.ts).
 */
export async function listFeedPlaces(tx: Transaction, key: CustomerKey, window: { from: Date; to: Date }) {
  const inWindow = and(gt(scheduleSessions.startsAt, window.from), lte(scheduleSessions.startsAt, window.to));
  const [recorded, enrolledOnly] = await Promise.all([
    tx
      .select({
        ...placeColumns,
        status: sessionAttendance.status,
        placeUpdatedAt: sessionAttendance.updatedAt,
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
          inWindow,
        ),
      ),
    tx
      .select(placeColumns)
      .from(scheduleSessions)
      .innerJoin(enrolled, and(enrolledWithoutAttendance(), eq(enrolled.customerId, key.customerId)))
      .innerJoin(schedules, scheduleOfSession)
      .innerJoin(establishments, establishmentOfSchedule)
      .where(and(eq(scheduleSessions.organizationId, key.organizationId), inWindow)),
  ]);
  const fromEnrollments = enrolledOnly.map((place) => ({
    ...place,
    status: 'CONFIRMED' as const,
    placeUpdatedAt: null,
  }));
  return [...recorded, ...fromEnrollments].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The calendar's name in the customer's app: the studio's. */
export async function findOrganizationName(tx: Transaction, organizationId: string) {
  const [row] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? '';
}
