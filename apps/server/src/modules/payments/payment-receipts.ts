import { AppError } from '@reformer/domain/errors';
import type { Currency } from '@reformer/domain/money';
import { hasReceipt, type PaymentReceipt } from '@reformer/domain/portal-payments';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { customerPlans, customers, organizations, payments } from '../../db/schema/index.ts';

/**
 * A payment's receipt (decision 042): one reading for staff (any payment of the organization, VIEW_PAYMENTS)
 * and the customer's portal (their own payments only). A payment that received no money has none, and
 * answers as a missing one: PAYMENT_NOT_FOUND.
 */
export async function readPaymentReceipt(
  db: Database | Transaction,
  organizationId: string,
  paymentId: string,
  onlyCustomerId?: string,
): Promise<PaymentReceipt> {
  const row = isUuid(paymentId)
    ? await findReceiptRow(
        db,
        and(
          eq(payments.organizationId, organizationId),
          eq(payments.id, paymentId),
          onlyCustomerId ? eq(payments.customerId, onlyCustomerId) : undefined,
        ),
      )
    : null;
  if (!row || !hasReceipt(row)) throw new AppError('PAYMENT_NOT_FOUND');
  return {
    paymentId: row.paymentId,
    organizationName: row.organizationName,
    customerName: row.customerName,
    planName: row.planName,
    periodStart: row.cycleStart,
    periodEnd: row.cycleEnd,
    isPack: row.purchaseId !== null,
    amountCents: row.amountCents,
    refundedCents: row.refundedCents,
    currency: row.currency,
    paidOn: row.paidOn,
    method: row.method,
    status: row.status,
    endToEndId: row.endToEndId,
  };
}

async function findReceiptRow(db: Database | Transaction, where: SQL | undefined) {
  const [row] = await db
    .select({
      paymentId: payments.id,
      organizationName: organizations.name,
      customerName: sql<string>`trim(concat_ws(' ', ${customers.firstName}, ${customers.lastName}))`,
      planName: customerPlans.name,
      purchaseId: payments.purchaseId,
      cycleStart: payments.cycleStart,
      cycleEnd: payments.cycleEnd,
      amountCents: payments.amountCents,
      refundedCents: payments.refundedCents,
      currency: sql<Currency>`${payments.currency}`,
      paidOn: payments.paidOn,
      method: payments.method,
      status: payments.status,
      endToEndId: payments.endToEndId,
    })
    .from(payments)
    .innerJoin(organizations, eq(organizations.id, payments.organizationId))
    .innerJoin(
      customers,
      and(eq(customers.organizationId, payments.organizationId), eq(customers.id, payments.customerId)),
    )
    .innerJoin(
      customerPlans,
      and(eq(customerPlans.organizationId, payments.organizationId), eq(customerPlans.id, payments.planId)),
    )
    .where(where);
  return row ?? null;
}
