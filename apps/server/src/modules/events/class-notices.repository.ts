import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import { establishmentOfSchedule, scheduleOfSession, sessionSlotColumns } from '../../db/joins.ts';
import { enrolled, enrolledWithoutAttendance, SEATED_STATUSES } from '../../db/roster.ts';
import {
  customers,
  establishments,
  eventClassNoticeSettings,
  eventDeliveries,
  organizations,
  scheduleSessions,
  schedules,
  sessionAttendance,
} from '../../db/schema/index.ts';
import { type CustomerContact, contactColumns } from './events.repository.ts';

type Reader = Database | Transaction;
export type ClassNoticeSettingsInsert = typeof eventClassNoticeSettings.$inferInsert;

export async function findSettings(db: Reader, organizationId: string) {
  const [row] = await db
    .select()
    .from(eventClassNoticeSettings)
    .where(eq(eventClassNoticeSettings.organizationId, organizationId));
  return row ?? null;
}

export async function saveSettings(db: Reader, row: ClassNoticeSettingsInsert) {
  const { organizationId, ...values } = row;
  await db
    .insert(eventClassNoticeSettings)
    .values(row)
    .onConflictDoUpdate({ target: eventClassNoticeSettings.organizationId, set: values });
}

/**
 * The organizations whose reminders are on, with their hours: a saved setting above 0, or none saved (the
 * domain's default applies, `defaultHours`).
 */
export async function listRemindingOrganizations(db: Database, defaultHours: number) {
  const hours = sql<number>`coalesce(${eventClassNoticeSettings.reminderHours}, ${defaultHours})::int`;
  return db
    .select({ organizationId: organizations.id, hours, channels: eventClassNoticeSettings.reminderChannels })
    .from(organizations)
    .leftJoin(eventClassNoticeSettings, eq(eventClassNoticeSettings.organizationId, organizations.id))
    .where(sql`${hours} > 0`)
    .orderBy(asc(organizations.id));
}

/** Active sessions of the organization starting after `after` and at the latest `until`. */
export async function listSessionsStarting(
  db: Reader,
  organizationId: string,
  window: { after: Date; until: Date },
) {
  return db
    .select({ sessionId: scheduleSessions.id })
    .from(scheduleSessions)
    .where(
      and(
        eq(scheduleSessions.organizationId, organizationId),
        eq(scheduleSessions.isActive, true),
        gt(scheduleSessions.startsAt, window.after),
        lte(scheduleSessions.startsAt, window.until),
      ),
    )
    .orderBy(asc(scheduleSessions.startsAt), asc(scheduleSessions.id));
}

/** Where and when each session happens (its class is its schedule's name). */
export async function listSessionSlots(db: Reader, organizationId: string, sessionIds: string[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select(sessionSlotColumns)
    .from(scheduleSessions)
    .innerJoin(schedules, scheduleOfSession)
    .innerJoin(establishments, establishmentOfSchedule)
    .where(
      and(eq(scheduleSessions.organizationId, organizationId), inArray(scheduleSessions.id, sessionIds)),
    );
}

const rosterColumns = { ...contactColumns, firstName: customers.firstName };
export type RosterContact = CustomerContact & { sessionId: string; firstName: string };

/**
 * Everyone booked on each session (the roster of ARCHITECTURE §5): a place that takes a seat — enrolled,
 * added, make-up, trial; not a cancelled one — of a customer on the books, and the enrolled customers who
 * have no attendance row yet.
 */
export async function listRosterContacts(
  db: Reader,
  organizationId: string,
  sessionIds: string[],
): Promise<RosterContact[]> {
  if (sessionIds.length === 0) return [];
  const [placed, enrolledOnly] = await Promise.all([
    db
      .select({ sessionId: sessionAttendance.sessionId, ...rosterColumns })
      .from(sessionAttendance)
      .innerJoin(
        customers,
        and(
          eq(customers.organizationId, sessionAttendance.organizationId),
          eq(customers.id, sessionAttendance.customerId),
        ),
      )
      .where(
        and(
          eq(sessionAttendance.organizationId, organizationId),
          inArray(sessionAttendance.sessionId, sessionIds),
          inArray(sessionAttendance.status, SEATED_STATUSES),
          onTheBooks(customers.status),
        ),
      ),
    db
      .select({ sessionId: scheduleSessions.id, ...rosterColumns })
      .from(scheduleSessions)
      .innerJoin(enrolled, enrolledWithoutAttendance())
      .innerJoin(
        customers,
        and(eq(customers.organizationId, enrolled.organizationId), eq(customers.id, enrolled.customerId)),
      )
      .where(
        and(eq(scheduleSessions.organizationId, organizationId), inArray(scheduleSessions.id, sessionIds)),
      ),
  ]);
  return [...placed, ...enrolledOnly];
}

/** `customerId|occasion` of the occasions of `kind` already claimed on some channel. */
export async function listClaimedOccasions(
  db: Reader,
  organizationId: string,
  kind: 'CLASS_REMINDER',
  occasions: string[],
) {
  if (occasions.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ customerId: eventDeliveries.customerId, occasion: eventDeliveries.occasion })
    .from(eventDeliveries)
    .where(
      and(
        eq(eventDeliveries.organizationId, organizationId),
        eq(eventDeliveries.kind, kind),
        inArray(eventDeliveries.occasion, occasions),
      ),
    );
  return new Set(rows.map((row) => `${row.customerId}|${row.occasion}`));
}
