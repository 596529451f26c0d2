import type { WhatsAppStatus } from '@reformer/domain/whatsapp';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { onTheBooks } from '../../db/customers-on-the-books.ts';
import {
  customerConsents,
  customers,
  whatsappConnections,
  whatsappConsents,
  whatsappMessageStatuses,
  whatsappMessages,
} from '../../db/schema/index.ts';

type Reader = Database | Transaction;

export type ConnectionRow = typeof whatsappConnections.$inferSelect;
export type ConnectionWrite = Omit<typeof whatsappConnections.$inferInsert, 'organizationId' | 'createdAt'>;
export type MessageRow = typeof whatsappMessages.$inferSelect;
export type ConsentRow = typeof whatsappConsents.$inferSelect;

export async function findConnection(
  db: Reader,
  organizationId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(whatsappConnections)
    .where(eq(whatsappConnections.organizationId, organizationId));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row ?? null;
}

export async function saveConnection(db: Reader, organizationId: string, values: ConnectionWrite) {
  await db
    .insert(whatsappConnections)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: whatsappConnections.organizationId, set: values });
}

export async function deleteConnection(db: Reader, organizationId: string): Promise<boolean> {
  const deleted = await db
    .delete(whatsappConnections)
    .where(eq(whatsappConnections.organizationId, organizationId))
    .returning({ organizationId: whatsappConnections.organizationId });
  return deleted.length > 0;
}

export async function markWebhookRegistered(db: Reader, organizationId: string, at: Date) {
  await db
    .update(whatsappConnections)
    .set({ webhookRegisteredAt: at })
    .where(eq(whatsappConnections.organizationId, organizationId));
}

/**
 * Serializes the writers of one message: the request that records it after Meta accepted it, and the webhooks
 * of its statuses, which may arrive before that request commits (decision 049).
 */
export async function lockMessage(tx: Transaction, organizationId: string, wamid: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`whatsapp:${organizationId}:${wamid}`}, 0))`,
  );
}

export async function insertMessage(db: Reader, row: typeof whatsappMessages.$inferInsert) {
  await db.insert(whatsappMessages).values(row);
}

export async function findMessage(db: Reader, organizationId: string, wamid: string) {
  const [row] = await db
    .select()
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.organizationId, organizationId), eq(whatsappMessages.wamid, wamid)));
  return row ?? null;
}

export async function listMessages(
  db: Reader,
  organizationId: string,
  customerId: string | null,
  limit: number,
) {
  return db
    .select()
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.organizationId, organizationId),
        customerId === null
          ? isNull(whatsappMessages.customerId)
          : eq(whatsappMessages.customerId, customerId),
      ),
    )
    .orderBy(desc(whatsappMessages.sentAt))
    .limit(limit);
}

export async function updateMessage(
  db: Reader,
  organizationId: string,
  wamid: string,
  values: Partial<Pick<MessageRow, 'status' | 'statusAt' | 'errorCode' | 'errorTitle' | 'waId'>>,
) {
  await db
    .update(whatsappMessages)
    .set(values)
    .where(and(eq(whatsappMessages.organizationId, organizationId), eq(whatsappMessages.wamid, wamid)));
}

/** Whether this (message, status) is new: a repeated webhook inserts nothing. */
export async function recordStatus(
  db: Reader,
  organizationId: string,
  wamid: string,
  status: WhatsAppStatus,
  occurredAt: Date,
  receivedAt: Date,
  error: { code: number; title: string } | null,
  recipientId: string | null = null,
): Promise<boolean> {
  const inserted = await db
    .insert(whatsappMessageStatuses)
    .values({
      organizationId,
      wamid,
      status,
      occurredAt,
      receivedAt,
      errorCode: error?.code ?? null,
      errorTitle: error?.title ?? null,
      recipientId,
    })
    .onConflictDoNothing()
    .returning({ status: whatsappMessageStatuses.status });
  return inserted.length > 0;
}

export async function statusesOf(db: Reader, organizationId: string, wamid: string) {
  return db
    .select()
    .from(whatsappMessageStatuses)
    .where(
      and(
        eq(whatsappMessageStatuses.organizationId, organizationId),
        eq(whatsappMessageStatuses.wamid, wamid),
      ),
    );
}

export async function findConsent(db: Reader, organizationId: string, customerId: string) {
  const [row] = await db
    .select()
    .from(whatsappConsents)
    .where(
      and(eq(whatsappConsents.organizationId, organizationId), eq(whatsappConsents.customerId, customerId)),
    );
  return row ?? null;
}

export async function saveConsent(
  db: Reader,
  organizationId: string,
  customerId: string,
  values: Partial<Pick<ConsentRow, 'isOptedIn' | 'source' | 'changedAt' | 'waId'>>,
) {
  await db
    .insert(whatsappConsents)
    .values({ organizationId, customerId, ...values })
    .onConflictDoUpdate({
      target: [whatsappConsents.organizationId, whatsappConsents.customerId],
      set: values,
    });
}

/** Stores Meta's id of the customer's number the first time a delivery tells it; a known one stays. */
export async function rememberWaId(db: Reader, organizationId: string, customerId: string, waId: string) {
  await db
    .insert(whatsappConsents)
    .values({ organizationId, customerId, waId })
    .onConflictDoUpdate({
      target: [whatsappConsents.organizationId, whatsappConsents.customerId],
      set: { waId },
      setWhere: isNull(whatsappConsents.waId),
    });
}

/** The customers an inbound message comes from: by the stored wa_id, else by phone (its forms, see the domain). */
export async function customersOfWaId(db: Reader, organizationId: string, waId: string, phones: string[]) {
  const byWaId = await db
    .select({ customerId: whatsappConsents.customerId })
    .from(whatsappConsents)
    .where(and(eq(whatsappConsents.organizationId, organizationId), eq(whatsappConsents.waId, waId)));
  if (byWaId.length > 0) return byWaId.map((row) => row.customerId);
  const byPhone = await db
    .select({ customerId: customers.id })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), inArray(customers.phone, phones)));
  return byPhone.map((row) => row.customerId);
}

/** A customer on the organization's books (not deleted or purged), with decision 043's marketing answer. */
export async function findCustomerWithMarketing(db: Reader, organizationId: string, customerId: string) {
  const [row] = await db
    .select({ id: customers.id, marketing: customerConsents.isGiven })
    .from(customers)
    .leftJoin(
      customerConsents,
      and(
        eq(customerConsents.organizationId, customers.organizationId),
        eq(customerConsents.customerId, customers.id),
        eq(customerConsents.kind, 'MARKETING_MESSAGES'),
      ),
    )
    .where(
      and(
        eq(customers.organizationId, organizationId),
        eq(customers.id, customerId),
        onTheBooks(customers.status),
      ),
    );
  return row ?? null;
}

/**
 * A customer's purge (LGPD): their WhatsApp messages (with the number they went to and Meta's `wa_id`), the
 * statuses of those messages, and their opt-in go, as their e-mails and messages of the events do.
 */
export async function eraseCustomerWhatsApp(
  tx: Transaction,
  key: { organizationId: string; customerId: string },
) {
  const sent = await tx
    .delete(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.organizationId, key.organizationId),
        eq(whatsappMessages.customerId, key.customerId),
      ),
    )
    .returning({ wamid: whatsappMessages.wamid });
  if (sent.length > 0)
    await tx.delete(whatsappMessageStatuses).where(
      and(
        eq(whatsappMessageStatuses.organizationId, key.organizationId),
        inArray(
          whatsappMessageStatuses.wamid,
          sent.map((message) => message.wamid),
        ),
      ),
    );
  await tx
    .delete(whatsappConsents)
    .where(
      and(
        eq(whatsappConsents.organizationId, key.organizationId),
        eq(whatsappConsents.customerId, key.customerId),
      ),
    );
}
