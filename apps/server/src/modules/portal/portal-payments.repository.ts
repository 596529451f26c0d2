import type { Currency } from '@reformer/domain/money';
import type { PortalPixRecurrence } from '@reformer/domain/pix-automatico-views';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { customerPlans, enrollments, payments, pixRecurrences } from '../../db/schema/index.ts';
import type { PortalCustomer } from './portal-access.ts';

/** The customer's payments, newest first (their history in the portal; each COMPLETED one has a receipt). */
export async function listCustomerPayments(tx: Transaction, customer: PortalCustomer, limit: number) {
  return tx
    .select({
      id: payments.id,
      planName: customerPlans.name,
      periodStart: payments.cycleStart,
      periodEnd: payments.cycleEnd,
      purchaseId: payments.purchaseId,
      amountCents: payments.amountCents,
      refundedCents: payments.refundedCents,
      currency: sql<Currency>`${payments.currency}`,
      paidOn: payments.paidOn,
      method: payments.method,
      status: payments.status,
    })
    .from(payments)
    .innerJoin(
      customerPlans,
      and(eq(customerPlans.organizationId, payments.organizationId), eq(customerPlans.id, payments.planId)),
    )
    .where(
      and(eq(payments.organizationId, customer.organizationId), eq(payments.customerId, customer.customerId)),
    )
    .orderBy(desc(payments.paidOn), desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

/**
 * The customer's live Pix Automático recurrences (waiting for their authorization, or running), one per
 * enrollment at most (the live index): the QR they authorize with, or that each cycle is charged by itself.
 */
export async function listLiveRecurrences(tx: Transaction, customer: PortalCustomer) {
  return tx
    .select({
      enrollmentId: pixRecurrences.enrollmentId,
      planName: customerPlans.name,
      state: pixRecurrences.state,
      amountKind: pixRecurrences.amountKind,
      amountCents: pixRecurrences.amountCents,
      firstAmountCents: pixRecurrences.firstAmountCents,
      periodicity: sql<PortalPixRecurrence['periodicity']>`${pixRecurrences.periodicity}`,
      startDate: pixRecurrences.startDate,
      pixCopiaECola: pixRecurrences.pixCopiaECola,
    })
    .from(pixRecurrences)
    .innerJoin(
      enrollments,
      and(
        eq(enrollments.organizationId, pixRecurrences.organizationId),
        eq(enrollments.id, pixRecurrences.enrollmentId),
      ),
    )
    .innerJoin(
      customerPlans,
      and(
        eq(customerPlans.organizationId, enrollments.organizationId),
        eq(customerPlans.id, enrollments.planId),
      ),
    )
    .where(
      and(
        eq(pixRecurrences.organizationId, customer.organizationId),
        eq(pixRecurrences.customerId, customer.customerId),
        inArray(pixRecurrences.state, ['CREATED', 'APPROVED']),
      ),
    )
    .orderBy(asc(pixRecurrences.createdAt), asc(pixRecurrences.id));
}
