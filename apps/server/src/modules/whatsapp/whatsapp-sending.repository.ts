import { and, asc, eq, gt, gte, inArray, lte, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  customerConsents,
  customers,
  eventMessages,
  whatsappConnections,
  whatsappConsents,
  whatsappMessageStatuses,
  whatsappMessages,
  whatsappSends,
} from '../../db/schema/index.ts';

type Reader = Database | Transaction;

export type SendRow = typeof whatsappSends.$inferSelect;
export type SendInsert = typeof whatsappSends.$inferInsert;

/**
 * What decides whether a customer's message may go through the Cloud API: the organization's number is
 * connected, the customer opted in to WhatsApp, and (for marketing) gave decision 043's MARKETING_MESSAGES.
 */
export async function findCloudApiConsent(db: Reader, organizationId: string, customerId: string) {
  const [row] = await db
    .select({
      isConnected: sql<boolean>`${whatsappConnections.organizationId} is not null`,
      isOptedIn: whatsappConsents.isOptedIn,
      marketing: customerConsents.isGiven,
    })
    .from(customers)
    .leftJoin(whatsappConnections, eq(whatsappConnections.organizationId, customers.organizationId))
    .leftJoin(
      whatsappConsents,
      and(
        eq(whatsappConsents.organizationId, customers.organizationId),
        eq(whatsappConsents.customerId, customers.id),
      ),
    )
    .leftJoin(
      customerConsents,
      and(
        eq(customerConsents.organizationId, customers.organizationId),
        eq(customerConsents.customerId, customers.id),
        eq(customerConsents.kind, 'MARKETING_MESSAGES'),
      ),
    )
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, customerId)));
  return row ?? null;
}

export async function insertSend(tx: Transaction, row: SendInsert) {
  await tx.insert(whatsappSends).values(row);
}

/** Organizations with a send due now: waiting whose time came, or in flight past the lease (a crash). */
export async function listOrganizationsWithDueSends(db: Reader, now: Date, staleBefore: Date) {
  const rows = await db
    .selectDistinct({ organizationId: whatsappSends.organizationId })
    .from(whatsappSends)
    .where(
      or(
        and(eq(whatsappSends.state, 'PENDING'), lte(whatsappSends.nextAttemptAt, now)),
        and(eq(whatsappSends.state, 'SENDING'), lte(whatsappSends.attemptStartedAt, staleBefore)),
      ),
    );
  return rows.map((row) => row.organizationId);
}

/**
 * One sender per organization at a time, across instances: the messaging limit is counted and spent by one
 * worker. Held by the caller's transaction for the whole batch; false when another holds it.
 */
export async function tryLockOrganizationSends(tx: Transaction, organizationId: string): Promise<boolean> {
  const [row] = await tx
    .select({
      locked: sql<boolean>`pg_try_advisory_xact_lock(hashtextextended(${`whatsapp-sends:${organizationId}`}, 0))`,
    })
    .from(sql`(select 1) as one`);
  return row?.locked === true;
}

/** The next waiting send whose time came, locked (SKIP LOCKED) in the caller's transaction. */
export async function lockNextDueSend(tx: Transaction, organizationId: string, now: Date, skip: string[]) {
  const [row] = await tx
    .select()
    .from(whatsappSends)
    .where(
      and(
        eq(whatsappSends.organizationId, organizationId),
        eq(whatsappSends.state, 'PENDING'),
        lte(whatsappSends.nextAttemptAt, now),
        skip.length ? notInArray(whatsappSends.id, skip) : undefined,
      ),
    )
    .orderBy(asc(whatsappSends.nextAttemptAt), asc(whatsappSends.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function listStaleSendings(db: Reader, organizationId: string, staleBefore: Date) {
  return db
    .select()
    .from(whatsappSends)
    .where(
      and(
        eq(whatsappSends.organizationId, organizationId),
        eq(whatsappSends.state, 'SENDING'),
        lte(whatsappSends.attemptStartedAt, staleBefore),
      ),
    );
}

export async function updateSend(
  db: Reader,
  organizationId: string,
  id: string,
  values: Partial<SendInsert>,
) {
  await db
    .update(whatsappSends)
    .set(values)
    .where(and(eq(whatsappSends.organizationId, organizationId), eq(whatsappSends.id, id)));
}

/** The event message's status once its send is settled: SENT through the API, or OUTBOX for a member. */
export async function settleEventMessage(
  db: Reader,
  organizationId: string,
  eventMessageId: string,
  status: 'SENT' | 'OUTBOX',
) {
  await db
    .update(eventMessages)
    .set({ status })
    .where(
      and(
        eq(eventMessages.organizationId, organizationId),
        eq(eventMessages.id, eventMessageId),
        eq(eventMessages.status, 'QUEUED'),
      ),
    );
}

/** The numbers messaged since `since` (the rolling 24 hours of the messaging limit). */
export async function recentRecipients(db: Reader, organizationId: string, since: Date) {
  const rows = await db
    .selectDistinct({ toPhone: whatsappMessages.toPhone })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.organizationId, organizationId), gt(whatsappMessages.sentAt, since)));
  return new Set(rows.map((row) => row.toPhone));
}

export async function lastSentTo(db: Reader, organizationId: string, toPhone: string) {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${whatsappMessages.sentAt})`.mapWith(whatsappMessages.sentAt) })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.organizationId, organizationId), eq(whatsappMessages.toPhone, toPhone)));
  return row?.at ?? null;
}

/**
 * Statuses received since `since` of messages we have no row of: what Meta accepted from a send whose
 * process died before recording it. Each with the recipient it names.
 */
export async function listOrphanStatuses(db: Reader, organizationId: string, since: Date) {
  return db
    .selectDistinct({
      wamid: whatsappMessageStatuses.wamid,
      recipientId: whatsappMessageStatuses.recipientId,
    })
    .from(whatsappMessageStatuses)
    .where(
      and(
        eq(whatsappMessageStatuses.organizationId, organizationId),
        gte(whatsappMessageStatuses.receivedAt, since),
        notExists(
          sql`(select 1 from ${whatsappMessages} where ${whatsappMessages.organizationId} = ${whatsappMessageStatuses.organizationId} and ${whatsappMessages.wamid} = ${whatsappMessageStatuses.wamid})`,
        ),
      ),
    );
}

export async function updateMessagingTier(db: Reader, organizationId: string, tier: string | null) {
  await db
    .update(whatsappConnections)
    .set({ messagingTier: tier })
    .where(eq(whatsappConnections.organizationId, organizationId));
}

/** The sends of these event messages, for the screens (their WhatsApp status). */
export async function listSendsOf(db: Reader, organizationId: string, eventMessageIds: string[]) {
  if (eventMessageIds.length === 0) return [];
  return db
    .select({
      eventMessageId: whatsappSends.eventMessageId,
      state: whatsappSends.state,
      lastFailure: whatsappSends.lastFailure,
      lastMetaCode: whatsappSends.lastMetaCode,
      nextAttemptAt: whatsappSends.nextAttemptAt,
      status: whatsappMessages.status,
      errorCode: whatsappMessages.errorCode,
      errorTitle: whatsappMessages.errorTitle,
      statusAt: whatsappMessages.statusAt,
    })
    .from(whatsappSends)
    .leftJoin(
      whatsappMessages,
      and(
        eq(whatsappMessages.organizationId, whatsappSends.organizationId),
        eq(whatsappMessages.wamid, whatsappSends.wamid),
      ),
    )
    .where(
      and(
        eq(whatsappSends.organizationId, organizationId),
        inArray(whatsappSends.eventMessageId, eventMessageIds),
      ),
    );
}
