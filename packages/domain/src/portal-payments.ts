import { z } from 'zod';
import { Currency } from './money.ts';
import { type CustomerBilling, PaymentMethod, PaymentStatus } from './payments.ts';
import { PortalPixRecurrence } from './pix-automatico-views.ts';
import { PIX_CHARGE_STATUSES } from './pix-charges.ts';
import { LocalDate } from './time-zones.ts';
import { V } from './validation.ts';

/**
 * "Pay" in the customer portal (issue #29, decision 042): what the customer owes now, how they pay it (the
 * studio's PSP charge, else its static BR Code), their payments and each one's receipt.
 */

/** How often the portal asks whether an open charge was paid while the customer looks at its code. */
export const PORTAL_CHARGE_POLL_MS = 4_000;

/**
 * PSP: a dynamic charge at the studio's PSP (it confirms the Pix by itself); STATIC: the studio's BR Code with
 * the amount (staff record the payment when it arrives); NONE: no PIX for it (no key, or not in reais).
 */
export const PAY_BY = ['PSP', 'STATIC', 'NONE'] as const;
export type PayBy = (typeof PAY_BY)[number];

/**
 * The PSP's charge when the studio has one and the customer can be its payer (a `cobv` needs a valid CPF,
 * decision 030), else the static code when the studio has a PIX key; PIX moves reais only.
 */
export function payByFor(item: {
  currency: string;
  isPspConnected: boolean;
  hasChargePayer: boolean;
  hasPixKey: boolean;
}): PayBy {
  if (item.currency !== 'BRL') return 'NONE';
  if (item.isPspConnected && item.hasChargePayer) return 'PSP';
  return item.hasPixKey ? 'STATIC' : 'NONE';
}

export const DUE_STATES = ['DUE', 'OVERDUE'] as const;

/** One thing the customer owes now: a billing cycle due or overdue, or a pack (single, trial class) unpaid. */
export type PortalDueItem = {
  enrollmentId: string | null;
  cycleStart: string | null;
  cycleEnd: string | null;
  purchaseId: string | null;
  planName: string;
  /** What is still to pay: the cycle's (or pack's) amount less what was paid of it. */
  amountCents: number;
  currency: Currency;
  dueDate: string;
  state: (typeof DUE_STATES)[number];
};

/**
 * What the portal asks the customer to pay, soonest due first: the cycles staff see as DUE or OVERDUE
 * (payments `billingCycleStates`, decisions 014/028/035) with something left to pay, and the packs sold that
 * still owe part of their price while their classes can be taken (decision 029; an expired pack is the
 * studio's to settle). UPCOMING cycles are not asked for yet.
 */
export function portalDues(billing: Pick<CustomerBilling, 'enrollments' | 'purchases'>): PortalDueItem[] {
  const cycles = billing.enrollments.flatMap((enrollment) =>
    enrollment.cycles.flatMap((cycle): PortalDueItem[] => {
      const owedCents = cycle.priceCents - cycle.paidCents;
      if ((cycle.state !== 'DUE' && cycle.state !== 'OVERDUE') || owedCents <= 0) return [];
      return [
        {
          enrollmentId: enrollment.enrollmentId,
          cycleStart: cycle.start,
          cycleEnd: cycle.end,
          purchaseId: null,
          planName: enrollment.planName,
          amountCents: owedCents,
          currency: enrollment.currency,
          dueDate: cycle.dueDate,
          state: cycle.state,
        },
      ];
    }),
  );
  const packs = billing.purchases.flatMap((purchase): PortalDueItem[] => {
    const owedCents = purchase.priceCents - purchase.paidCents;
    if (purchase.state === 'EXPIRED' || owedCents <= 0) return [];
    return [
      {
        enrollmentId: null,
        cycleStart: null,
        cycleEnd: null,
        purchaseId: purchase.id,
        planName: purchase.planName,
        amountCents: owedCents,
        currency: purchase.currency,
        dueDate: purchase.startsOn,
        state: 'DUE',
      },
    ];
  });
  return [...cycles, ...packs].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
}

/**
 * The static code's reference (BR Code field 62-05, on the studio's bank statement): the random part of the
 * enrollment's id and the cycle's first day, or of the pack's id — so staff can tell which cycle was paid.
 */
export function dueReference(due: Pick<PortalDueItem, 'enrollmentId' | 'cycleStart' | 'purchaseId'>): string {
  const tail = (id: string) => id.replace(/-/g, '').slice(-12).toUpperCase();
  if (due.purchaseId) return `P${tail(due.purchaseId)}`;
  return `${tail(due.enrollmentId ?? '')}${(due.cycleStart ?? '').replace(/-/g, '')}`;
}

/**
 * A payment has a receipt once money was received: COMPLETED, or REFUNDED afterwards (its receipt says so).
 * Pending, failed and cancelled payments received nothing, so they have none.
 */
export function hasReceipt(payment: { status: PaymentStatus }): boolean {
  return payment.status === 'COMPLETED' || payment.status === 'REFUNDED';
}

/** What the receipt says was kept: the amount received less what was given back. */
export function receiptKeptCents(payment: { amountCents: number; refundedCents: number }): number {
  return payment.amountCents - payment.refundedCents;
}

export const PortalDue = z.object({
  enrollmentId: z.string().nullable(),
  cycleStart: z.string().nullable(),
  cycleEnd: z.string().nullable(),
  purchaseId: z.string().nullable(),
  planName: z.string(),
  amountCents: z.number().int(),
  currency: Currency,
  dueDate: z.string(),
  state: z.enum(DUE_STATES),
  payBy: z.enum(PAY_BY),
  /** The studio's static BR Code with the amount (payBy STATIC); a PSP charge is opened on request. */
  staticCode: z.string().nullable(),
});
export type PortalDue = z.infer<typeof PortalDue>;

export const PortalPaymentItem = z.object({
  id: z.string(),
  planName: z.string(),
  /** A cycle's period, or a pack's first and last day. */
  periodStart: z.string(),
  periodEnd: z.string(),
  isPack: z.boolean(),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  currency: Currency,
  paidOn: z.string(),
  method: PaymentMethod,
  status: PaymentStatus,
  hasReceipt: z.boolean(),
});
export type PortalPaymentItem = z.infer<typeof PortalPaymentItem>;

export const PortalPayments = z.object({
  dues: z.array(PortalDue),
  /** Their live Pix Automático authorizations (decision 048): the QR while waiting, the state once approved. */
  pixAutomatico: z.array(PortalPixRecurrence),
  /** Their payments, newest first. */
  payments: z.array(PortalPaymentItem),
});
export type PortalPayments = z.infer<typeof PortalPayments>;

const uuid = z.uuid(V.required).transform((id) => id.toLowerCase());

/** The cycle (enrollment and first day) or the pack whose PSP charge the customer opens: exactly one. */
export const PortalChargeInput = z
  .object({ enrollmentId: uuid.optional(), cycleStart: LocalDate.optional(), purchaseId: uuid.optional() })
  .refine(
    (input) =>
      input.purchaseId
        ? !input.enrollmentId && !input.cycleStart
        : Boolean(input.enrollmentId && input.cycleStart),
    { message: 'Name a cycle (enrollmentId and cycleStart) or a purchaseId' },
  );
export type PortalChargeInput = z.input<typeof PortalChargeInput>;
export type PortalChargeValues = z.output<typeof PortalChargeInput>;

export const PortalCharge = z.object({
  txid: z.string(),
  status: z.enum(PIX_CHARGE_STATUSES),
  /** The PSP's "copia e cola"; its QR code carries the same text. */
  brCode: z.string().nullable(),
  amountCents: z.number().int(),
  dueDate: z.string(),
});
export type PortalCharge = z.infer<typeof PortalCharge>;

/** The receipt of one payment, the same for the customer (portal) and staff (payments). */
export const PaymentReceipt = z.object({
  paymentId: z.string(),
  organizationName: z.string(),
  customerName: z.string(),
  planName: z.string(),
  /** A cycle's period, or a pack's first and last day. */
  periodStart: z.string(),
  periodEnd: z.string(),
  isPack: z.boolean(),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  currency: Currency,
  paidOn: z.string(),
  method: PaymentMethod,
  status: PaymentStatus,
  /** The Pix's end-to-end id when the PSP reported it. */
  endToEndId: z.string().nullable(),
});
export type PaymentReceipt = z.infer<typeof PaymentReceipt>;
