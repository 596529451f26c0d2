import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { whatsappConsents, whatsappMessages, whatsappPrices } from '../../db/schema/index.ts';

type Reader = Database | Transaction;

/**
 * The messages Meta took from us between two instants, per template: a failed one is not billed (Meta charges
 * a delivered message), every other status is, or will be once delivered.
 */
export async function countSentByTemplate(db: Reader, organizationId: string, from: Date, until: Date) {
  return db
    .select({ templateName: whatsappMessages.templateName, count: sql<number>`count(*)::int` })
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.organizationId, organizationId),
        gte(whatsappMessages.sentAt, from),
        lt(whatsappMessages.sentAt, until),
        ne(whatsappMessages.status, 'failed'),
      ),
    )
    .groupBy(whatsappMessages.templateName);
}

/** Which of `customerIds` opted in to WhatsApp messages (the Cloud API writes to no one else). */
export async function listOptedIn(db: Reader, organizationId: string, customerIds: string[]) {
  if (customerIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ customerId: whatsappConsents.customerId })
    .from(whatsappConsents)
    .where(
      and(
        eq(whatsappConsents.organizationId, organizationId),
        inArray(whatsappConsents.customerId, customerIds),
        eq(whatsappConsents.isOptedIn, true),
      ),
    );
  return new Set(rows.map((row) => row.customerId));
}

/** The prices the studio entered; no row = both blank (Meta's list prices). */
export async function readPrices(db: Reader, organizationId: string) {
  const [row] = await db
    .select({ UTILITY: whatsappPrices.utilityMicroDollars, MARKETING: whatsappPrices.marketingMicroDollars })
    .from(whatsappPrices)
    .where(eq(whatsappPrices.organizationId, organizationId));
  return row ?? { UTILITY: null, MARKETING: null };
}

/** One row per organization, replaced whole: a PUT twice leaves what it said once. */
export async function writePrices(
  db: Reader,
  organizationId: string,
  prices: { UTILITY: number | null; MARKETING: number | null },
  now: Date,
) {
  const values = {
    utilityMicroDollars: prices.UTILITY,
    marketingMicroDollars: prices.MARKETING,
    updatedAt: now,
  };
  await db
    .insert(whatsappPrices)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: whatsappPrices.organizationId, set: values });
}
