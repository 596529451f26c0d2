import type { BillingCycle } from '@reformer/domain/customer-plans';
import type { EventKind, EventMessageStatus, MessageKind } from '@reformer/domain/events';
import type { Currency } from '@reformer/domain/money';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lte,
  not,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import {
  bornOn,
  customerConsents,
  customerPlans,
  customers,
  enrollments,
  eventConfigs,
  eventDeliveries,
  eventMessages,
  organizations,
  users,
  whatsappSends,
} from '../../db/schema/index.ts';

type Reader = Database | Transaction;
export type EventConfigRow = typeof eventConfigs.$inferSelect;
export type EventConfigInsert = typeof eventConfigs.$inferInsert;
export type DeliveryInsert = typeof eventDeliveries.$inferInsert;
export type MessageInsert = typeof eventMessages.$inferInsert;

const customerName = sql<string>`trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName}))`;

export async function findConfig(db: Reader, organizationId: string, kind: EventKind) {
  const [row] = await db
    .select()
    .from(eventConfigs)
    .where(and(eq(eventConfigs.organizationId, organizationId), eq(eventConfigs.kind, kind)));
  return row ?? null;
}

/** Saving keeps `lastRunOn`: a configuration changed after today's run does not send today's again. */
export async function saveConfig(db: Reader, row: EventConfigInsert) {
  const { organizationId, kind, lastRunOn: _, ...values } = row;
  await db
    .insert(eventConfigs)
    .values(row)
    .onConflictDoUpdate({ target: [eventConfigs.organizationId, eventConfigs.kind], set: values });
}

/** What the message's placeholders and channels need of a customer. */
export const contactColumns = {
  customerId: customers.id,
  customerName,
  email: customers.email,
  phone: customers.phone,
  country: customers.country,
};
export type CustomerContact = {
  customerId: string;
  customerName: string;
  email: string | null;
  phone: string | null;
  country: string;
};

/**
 * The customer refused or revoked marketing messages in the portal (decision 043). A customer never asked is
 * not excluded: birthday messages went out before the portal could ask, and the studio's legitimate
 * interest covers its own customers until they object (LGPD art. 7 IX, art. 18 §2).
 */
const refusedMarketing = (organizationId: typeof customers.organizationId, customerId: typeof customers.id) =>
  sql`exists (select 1 from ${customerConsents}
    where ${customerConsents.organizationId} = ${organizationId}
    and ${customerConsents.customerId} = ${customerId}
    and ${customerConsents.kind} = 'MARKETING_MESSAGES' and not ${customerConsents.isGiven})`;

/**
 * Customers on the books with a date of birth, or only those born on one of `monthDays` ("MM-DD"); the
 * window is the domain's rule, applied by the caller.
 */
export async function listCustomersWithBirthdays(db: Reader, organizationId: string, monthDays?: string[]) {
  return db
    .select({ ...contactColumns, dateOfBirth: sql<string>`${customers.dateOfBirth}` })
    .from(customers)
    .where(
      and(
        eq(customers.organizationId, organizationId),
        onTheBooks(customers.status),
        isNotNull(customers.dateOfBirth),
        // A birthday message is marketing: none to a customer who refused or revoked it (decision 043).
        not(refusedMarketing(customers.organizationId, customers.id)),
        monthDays ? bornOn(customers.dateOfBirth, monthDays) : undefined,
      ),
    )
    .orderBy(sql`${customers.sortName} collate "C"`, asc(customers.id));
}

export async function findCustomer(db: Reader, organizationId: string, customerId: string) {
  const [row] = await db
    .select({
      ...contactColumns,
      dateOfBirth: customers.dateOfBirth,
      status: customers.status,
      hasRefusedMarketing: sql<boolean>`${refusedMarketing(customers.organizationId, customers.id)}`,
    })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)));
  return row ?? null;
}

const enrollmentColumns = {
  ...contactColumns,
  enrollmentId: enrollments.id,
  planName: customerPlans.name,
  startDate: enrollments.startDate,
  endDate: enrollments.endDate,
  pausedFrom: enrollments.pausedFrom,
  resumeOn: enrollments.resumeOn,
  canceledFrom: enrollments.canceledFrom,
  billingCycle: sql<BillingCycle>`${customerPlans.billingCycle}`,
  priceCents: customerPlans.priceCents,
  currency: sql<Currency>`${customerPlans.currency}`,
};
export type ReminderEnrollmentRow = Awaited<ReturnType<typeof listReminderEnrollments>>[number];

function enrollmentsOfCustomersOnTheBooks(db: Reader, where: SQL | undefined) {
  return db
    .select(enrollmentColumns)
    .from(enrollments)
    .innerJoin(
      customers,
      and(eq(customers.organizationId, enrollments.organizationId), eq(customers.id, enrollments.customerId)),
    )
    .innerJoin(
      customerPlans,
      and(
        eq(customerPlans.organizationId, enrollments.organizationId),
        eq(customerPlans.id, enrollments.planId),
      ),
    )
    .where(and(where, onTheBooks(customers.status)));
}

/**
 * The enrollments a reminder can be about up to `horizon`: of a customer on the books, on a plan with a
 * price (a free cycle is always paid), started by then (a later one has no cycle due yet). Ended ones stay:
 * a cycle they left unpaid is still overdue.
 */
export async function listReminderEnrollments(db: Reader, organizationId: string, horizon: string) {
  return enrollmentsOfCustomersOnTheBooks(
    db,
    and(
      eq(enrollments.organizationId, organizationId),
      lte(enrollments.startDate, horizon),
      gt(customerPlans.priceCents, 0),
    ),
  ).orderBy(asc(enrollments.startDate), asc(enrollments.id));
}

export async function findReminderEnrollment(db: Reader, organizationId: string, enrollmentId: string) {
  const [row] = await enrollmentsOfCustomersOnTheBooks(
    db,
    and(eq(enrollments.organizationId, organizationId), eq(enrollments.id, enrollmentId)),
  );
  return row ?? null;
}

/**
 * The claim: inserted once per customer, kind, occasion and channel. On a conflict nothing is inserted and no
 * id comes back; a concurrent claimer waits on the unique index until the first commits or rolls back.
 */
export async function claimDelivery(tx: Transaction, row: DeliveryInsert): Promise<boolean> {
  const claimed = await tx
    .insert(eventDeliveries)
    .values(row)
    .onConflictDoNothing({
      target: [
        eventDeliveries.organizationId,
        eventDeliveries.customerId,
        eventDeliveries.kind,
        eventDeliveries.occasion,
        eventDeliveries.channel,
      ],
    })
    .returning({ id: eventDeliveries.id });
  return claimed.length > 0;
}

export type OccasionKey = { organizationId: string; customerId: string; kind: MessageKind; occasion: string };

const ofOccasion = (key: OccasionKey) =>
  and(
    eq(eventDeliveries.organizationId, key.organizationId),
    eq(eventDeliveries.customerId, key.customerId),
    eq(eventDeliveries.kind, key.kind),
    eq(eventDeliveries.occasion, key.occasion),
  );

/** A member marked the occasion as sent outside the app: no channel sends it any more. */
export async function isOccasionMarked(db: Reader, key: OccasionKey) {
  const [row] = await db
    .select({ id: eventDeliveries.id })
    .from(eventDeliveries)
    .where(and(ofOccasion(key), eq(eventDeliveries.channel, 'MARKED')))
    .limit(1);
  return Boolean(row);
}

/** The statuses of a message that reached the customer, or that a member says did. */
const GONE_OUT: EventMessageStatus[] = ['SENT', 'MARKED'];

/** A message of the occasion reached the customer (SENT) or it was marked; one waiting in the outbox did not. */
export async function hasOccasionGoneOut(db: Reader, key: OccasionKey) {
  const [row] = await db
    .select({ id: eventMessages.id })
    .from(eventDeliveries)
    .innerJoin(
      eventMessages,
      and(
        eq(eventMessages.organizationId, eventDeliveries.organizationId),
        eq(eventMessages.deliveryId, eventDeliveries.id),
      ),
    )
    .where(and(ofOccasion(key), inArray(eventMessages.status, GONE_OUT)))
    .limit(1);
  return Boolean(row);
}

export async function insertMessages(tx: Transaction, rows: MessageInsert[]) {
  if (rows.length) await tx.insert(eventMessages).values(rows);
}

/**
 * The messages of a kind whose occasion falls in [from, to], each with its delivery's source, time and
 * member, oldest first; the service folds them into each occasion's state.
 */
export async function listDeliveries(
  db: Reader,
  organizationId: string,
  kind: EventKind,
  range: { from: string; to: string },
) {
  return db
    .select({
      customerId: eventDeliveries.customerId,
      occasion: eventDeliveries.occasion,
      source: eventDeliveries.source,
      at: eventDeliveries.at,
      byName: users.name,
      channel: eventMessages.channel,
      status: eventMessages.status,
    })
    .from(eventDeliveries)
    .innerJoin(
      eventMessages,
      and(
        eq(eventMessages.organizationId, eventDeliveries.organizationId),
        eq(eventMessages.deliveryId, eventDeliveries.id),
      ),
    )
    .leftJoin(users, eq(users.id, eventDeliveries.actorId))
    .where(
      and(
        eq(eventDeliveries.organizationId, organizationId),
        eq(eventDeliveries.kind, kind),
        gte(eventDeliveries.occasionDate, range.from),
        lte(eventDeliveries.occasionDate, range.to),
      ),
    )
    .orderBy(asc(eventDeliveries.at), asc(eventMessages.channel));
}

const messageColumns = {
  id: eventMessages.id,
  kind: eventMessages.kind,
  customerId: eventMessages.customerId,
  customerName,
  occasionDate: sql<string>`${eventDeliveries.occasionDate}`,
  source: eventDeliveries.source,
  channel: eventMessages.channel,
  status: eventMessages.status,
  recipient: eventMessages.recipient,
  subject: eventMessages.subject,
  body: eventMessages.body,
  link: eventMessages.link,
  byName: users.name,
  at: eventMessages.createdAt,
};
export type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

export type MessageFilter = {
  kinds: MessageKind[];
  customerId?: string;
  status?: EventMessageStatus;
  ids?: string[];
  /** Only WhatsApp messages queued for the Cloud API (decision 052). */
  viaCloudApi?: boolean;
  limit: number;
};

/** Messages newest first: a customer's history, a kind's outbox, or the ones just written. */
export async function listMessages(db: Reader, organizationId: string, filter: MessageFilter) {
  if (filter.kinds.length === 0) return [];
  return db
    .select(messageColumns)
    .from(eventMessages)
    .innerJoin(
      eventDeliveries,
      and(
        eq(eventDeliveries.organizationId, eventMessages.organizationId),
        eq(eventDeliveries.id, eventMessages.deliveryId),
      ),
    )
    .innerJoin(
      customers,
      and(
        eq(customers.organizationId, eventMessages.organizationId),
        eq(customers.id, eventMessages.customerId),
      ),
    )
    .leftJoin(users, eq(users.id, eventDeliveries.actorId))
    .where(
      and(
        eq(eventMessages.organizationId, organizationId),
        inArray(eventMessages.kind, filter.kinds),
        filter.customerId ? eq(eventMessages.customerId, filter.customerId) : undefined,
        filter.status ? eq(eventMessages.status, filter.status) : undefined,
        filter.ids ? inArray(eventMessages.id, filter.ids) : undefined,
        filter.viaCloudApi
          ? sql`exists (select 1 from ${whatsappSends} where ${whatsappSends.organizationId} = ${eventMessages.organizationId} and ${whatsappSends.eventMessageId} = ${eventMessages.id})`
          : undefined,
      ),
    )
    .orderBy(desc(eventMessages.createdAt), desc(eventMessages.id))
    .limit(filter.limit);
}

/** What a member's action on one message needs to know of it: its kind (for the permission) and status. */
export async function findMessage(db: Reader, organizationId: string, messageId: string) {
  const [row] = await db
    .select({ kind: eventMessages.kind, status: eventMessages.status })
    .from(eventMessages)
    .where(and(eq(eventMessages.organizationId, organizationId), eq(eventMessages.id, messageId)));
  return row ?? null;
}

/**
 * The oldest e-mail of `kind` waiting in the outbox, of any organization (a job sends it), locked; one a
 * concurrent sender holds is skipped. `stillWanted`: a condition on the message's delivery (its `occasion`)
 * that the feature which queued it sets, so an e-mail whose reason has passed (an offer that ended) is left
 * in the outbox instead of being sent late.
 */
export async function lockQueuedEmail(tx: Transaction, kind: MessageKind, skip: string[], stillWanted?: SQL) {
  const [row] = await tx
    .select({
      organizationId: eventMessages.organizationId,
      id: eventMessages.id,
      recipient: sql<string>`${eventMessages.recipient}`,
      subject: sql<string>`coalesce(${eventMessages.subject}, '')`,
      body: sql<string>`coalesce(${eventMessages.body}, '')`,
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
        eq(eventMessages.kind, kind),
        eq(eventMessages.channel, 'EMAIL'),
        eq(eventMessages.status, 'OUTBOX'),
        isNotNull(eventMessages.recipient),
        skip.length ? notInArray(eventMessages.id, skip) : undefined,
        stillWanted,
      ),
    )
    .orderBy(asc(eventMessages.createdAt))
    .limit(1)
    .for('update', { of: eventMessages, skipLocked: true });
  return row ?? null;
}

/** OUTBOX to SENT, only from OUTBOX: of two members sending it at once, one gets true. */
export async function markMessageSent(db: Reader, organizationId: string, messageId: string) {
  const updated = await db
    .update(eventMessages)
    .set({ status: 'SENT' })
    .where(
      and(
        eq(eventMessages.organizationId, organizationId),
        eq(eventMessages.id, messageId),
        eq(eventMessages.status, 'OUTBOX'),
      ),
    )
    .returning({ id: eventMessages.id });
  return updated.length > 0;
}

export async function findOrganizationName(db: Reader, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? '';
}

/**
 * The enabled configurations whose send time has come in their organization's zone today and whose day
 * has not been run to the end yet, with that local date.
 */
export async function listDueConfigs(db: Database, now: Date) {
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${organizations.timeZone})`;
  const today = sql<string>`(${local})::date::text`;
  return db
    .select({
      config: eventConfigs,
      organizationName: organizations.name,
      today,
    })
    .from(eventConfigs)
    .innerJoin(organizations, eq(organizations.id, eventConfigs.organizationId))
    .where(
      and(
        eq(eventConfigs.enabled, true),
        sql`(${local})::time >= ${eventConfigs.sendTime}`,
        sql`(${eventConfigs.lastRunOn} is null or ${eventConfigs.lastRunOn} < (${local})::date)`,
      ),
    )
    .orderBy(asc(eventConfigs.organizationId), asc(eventConfigs.kind));
}

export async function markRun(db: Database, organizationId: string, kind: EventKind, localDate: string) {
  await db
    .update(eventConfigs)
    .set({ lastRunOn: localDate })
    .where(and(eq(eventConfigs.organizationId, organizationId), eq(eventConfigs.kind, kind)));
}

/**
 * A purged customer's messages (texts, addresses) and what was sent when (a birthday's date among it) are
 * their personal data: all of it goes. Nothing can be sent to them again, so the claims have no use left.
 */
export async function eraseCustomerEvents(tx: Transaction, organizationId: string, customerId: string) {
  await tx
    .delete(eventDeliveries)
    .where(
      and(eq(eventDeliveries.organizationId, organizationId), eq(eventDeliveries.customerId, customerId)),
    );
}
