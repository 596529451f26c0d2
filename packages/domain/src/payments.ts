import { z } from 'zod';
import { billingCycle } from './billing-cycles.ts';
import { type IsHoliday, payableUntil } from './business-days.ts';
import { isCalendarDate } from './customers.ts';
import { type EnrollmentCoverage, lastCoveredDate } from './enrollments.ts';
import { Currency } from './money.ts';
import { pageQueryFields, pageSearchFields, queryFilters, urlFilters } from './paging.ts';
import { Purchase } from './purchases.ts';
import { LocalDate } from './time-zones.ts';
import { V } from './validation.ts';

/** Spec document 2, §3. */
export const PAYMENT_METHODS = [
  'CREDIT_CARD',
  'DEBIT_CARD',
  'CASH',
  'BANK_TRANSFER',
  'PIX',
  'OTHER',
] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS, V.required);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const PAYMENT_STATUSES = ['COMPLETED', 'PENDING', 'FAILED', 'REFUNDED', 'CANCELLED'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES, V.required);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** Issue #11: amounts ≤ 0 or absurd (more than 1,000,000.00) are refused. */
export const PAYMENT_AMOUNT = { minCents: 1, maxCents: 100_000_000 } as const;

const uuid = z.uuid(V.required).transform((id) => id.toLowerCase());

const nullableUuid = uuid.nullish().transform((id) => id ?? null);

/**
 * The create/update body's fields. The customer pays one enrollment's plan (step 2 picks it among the
 * customer's enrollments), `cycleStart` naming the billing cycle it pays — absent, the first cycle not paid
 * yet; or one purchase of a pack, single or trial class, paid once (decision 029).
 */
export const PaymentFields = z.object({
  customerId: uuid,
  enrollmentId: nullableUuid,
  purchaseId: nullableUuid,
  cycleStart: LocalDate.nullish().transform((value) => value ?? null),
  amountCents: z
    .number(V.amount)
    .int(V.amount)
    .min(PAYMENT_AMOUNT.minCents, V.amount)
    .max(PAYMENT_AMOUNT.maxCents, V.amount),
  currency: Currency,
  paidOn: LocalDate,
  method: PaymentMethod,
  status: PaymentStatus,
  notes: z
    .string()
    .trim()
    .max(2000, V.max)
    .nullish()
    .transform((value) => value || null),
  /**
   * What the cycle does not owe (it is paid already, or owes less) goes to the customer's credit balance
   * instead of being refused with PAYMENT_CYCLE_PAID / PAYMENT_EXCEEDS_AMOUNT_DUE (decision 028).
   */
  recordExcessAsCredit: z.boolean().default(false),
});

/** Exactly one of an enrollment and a purchase. */
export const PaymentInput = PaymentFields.superRefine((payment, ctx) => {
  if ((payment.enrollmentId === null) === (payment.purchaseId === null))
    ctx.addIssue({ code: 'custom', path: ['enrollmentId'], message: V.required });
});
export type PaymentInput = z.input<typeof PaymentInput>;
export type PaymentValues = z.output<typeof PaymentInput>;

export const Payment = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string().nullable(),
  enrollmentId: z.string().nullable(),
  purchaseId: z.string().nullable(),
  planId: z.string(),
  planName: z.string(),
  cycleStart: z.string(),
  cycleEnd: z.string(),
  amountCents: z.number().int(),
  currency: Currency,
  paidOn: z.string(),
  method: PaymentMethod,
  status: PaymentStatus,
  notes: z.string().nullable(),
  /** The part of the amount that went to the customer's credit balance rather than to the cycle. */
  creditedCents: z.number().int(),
  /** What was given back; the whole amount once the status is REFUNDED. */
  refundedCents: z.number().int(),
  /** The Pix's end-to-end id when the PSP reported the payment (decision 030); its refunds go through the PSP. */
  endToEndId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Payment = z.infer<typeof Payment>;

/** POST /payments/{id}/refund: the whole refundable rest when no amount is named. */
export const RefundPaymentInput = z.object({
  amountCents: z
    .number(V.amount)
    .int(V.amount)
    .min(PAYMENT_AMOUNT.minCents, V.amount)
    .max(PAYMENT_AMOUNT.maxCents, V.amount)
    .nullish()
    .transform((value) => value ?? null),
});
export type RefundPaymentInput = z.input<typeof RefundPaymentInput>;
export type RefundPaymentValues = z.output<typeof RefundPaymentInput>;

/** POST /customers/{id}/billing/credit-applications: the customer's credit pays (part of) one cycle. */
export const ApplyCreditInput = z.object({ enrollmentId: uuid, cycleStart: LocalDate });
export type ApplyCreditInput = z.input<typeof ApplyCreditInput>;
export type ApplyCreditValues = z.output<typeof ApplyCreditInput>;

const paymentFilters = {
  from: LocalDate,
  to: LocalDate,
  status: PaymentStatus,
  method: PaymentMethod,
  customerId: uuid,
  planId: uuid,
  /** The billing cycles paid: those starting (due) from `cycleFrom` to `cycleTo` — the dashboard's month. */
  cycleFrom: LocalDate,
  cycleTo: LocalDate,
};

/**
 * GET /payments: the period is on the payment date, both ends included; `cycleFrom`/`cycleTo` narrow to the
 * payments of cycles due in that period.
 */
export const PaymentListQuery = z
  .object({
    ...pageQueryFields,
    ...queryFilters(paymentFilters),
  })
  .superRefine((query, ctx) => {
    const isOrdered = (from: string | undefined, to: string | undefined) =>
      !from || !to || !isCalendarDate(from) || !isCalendarDate(to) || from <= to;
    if (!isOrdered(query.from, query.to)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: V.dateRangeOrder });
    }
    if (!isOrdered(query.cycleFrom, query.cycleTo)) {
      ctx.addIssue({ code: 'custom', path: ['cycleTo'], message: V.dateRangeOrder });
    }
  });
export type PaymentListQuery = z.infer<typeof PaymentListQuery>;

export const PaymentsSearchParams = z.object({
  ...pageSearchFields,
  ...urlFilters(paymentFilters),
});
export type PaymentsSearchParams = z.infer<typeof PaymentsSearchParams>;

/** Per currency, never summed across: what came in (COMPLETED) and what is still PENDING, over the filter. */
export const PaymentTotals = z.object({
  currency: Currency,
  completedCents: z.number().int(),
  pendingCents: z.number().int(),
  count: z.number().int(),
});
export type PaymentTotals = z.infer<typeof PaymentTotals>;

export const PaymentList = z.object({
  items: z.array(Payment),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totals: z.array(PaymentTotals),
});
export type PaymentList = z.infer<typeof PaymentList>;

export const CYCLE_STATES = ['PAID', 'OVERDUE', 'DUE', 'UPCOMING'] as const;
export type CycleState = (typeof CYCLE_STATES)[number];

export const BillingCycleState = z.object({
  index: z.number().int(),
  start: z.string(),
  end: z.string(),
  /** Studios charge ahead: a cycle is due on its first day. */
  dueDate: z.string(),
  /** The due date, or the next business day when it falls on a weekend or bank holiday (decision 035). */
  payableUntil: z.string(),
  /** What the cycle owes: fixed when it was charged, else the plan's price today. */
  priceCents: z.number().int(),
  /** Whether `priceCents` is fixed (the cycle was charged): a later price change no longer moves it. */
  isCharged: z.boolean(),
  paidCents: z.number().int(),
  state: z.enum(CYCLE_STATES),
});
export type BillingCycleState = z.infer<typeof BillingCycleState>;

export const EnrollmentBilling = z.object({
  enrollmentId: z.string(),
  planId: z.string(),
  planName: z.string(),
  scheduleName: z.string(),
  status: z.string(),
  currency: Currency,
  priceCents: z.number().int(),
  cycles: z.array(BillingCycleState),
});
export type EnrollmentBilling = z.infer<typeof EnrollmentBilling>;
/** Money the customer paid beyond what their cycles owed, per currency (never added across currencies). */
export const CreditBalance = z.object({ currency: Currency, balanceCents: z.number().int() });
export type CreditBalance = z.infer<typeof CreditBalance>;

export const CustomerBilling = z.object({
  /** For the payment flow, whose members may not read customers (an accountant holds no VIEW_CUSTOMERS). */
  customerName: z.string(),
  enrollments: z.array(EnrollmentBilling),
  /** Only currencies with a balance above zero. */
  credits: z.array(CreditBalance),
  /** Packs, single and trial classes sold to them, newest first: each is paid once (decision 029). */
  purchases: z.array(Purchase),
});
export type CustomerBilling = z.infer<typeof CustomerBilling>;

/**
 * A cycle is due from its first day, overdue the day after it stops being payable (business-days.ts), and
 * shown ahead up to this many days before.
 */
export const UPCOMING_CYCLE_DAYS = 30;

/**
 * What a cycle owes: the amount fixed when it was charged (decision 028), else the plan's price today — so a
 * price change reaches only the cycles not charged yet and never reopens a paid one.
 */
export function cycleAmountCents(
  enrollment: { priceCents: number },
  chargedByCycleStart: ReadonlyMap<string, number>,
  cycleStart: string,
): number {
  return chargedByCycleStart.get(cycleStart) ?? enrollment.priceCents;
}

/**
 * The billing cycles of an enrollment (ARCHITECTURE §5: each cycle of its plan from the start date) that
 * start by the day it last covers and at most UPCOMING_CYCLE_DAYS after today, each with what is paid of it
 * (COMPLETED payments net of refunds and of what went to credit, plus credit applied to it): PAID when that
 * reaches what the cycle owes, otherwise OVERDUE once it is no longer payable (a Saturday's cycle from
 * Tuesday, decision 035), DUE from its due date until then, UPCOMING before.
 */
export function billingCycleStates(
  enrollment: EnrollmentCoverage & { months: number; priceCents: number },
  paidByCycleStart: ReadonlyMap<string, number>,
  today: string,
  horizon: string,
  isHoliday: IsHoliday,
  chargedByCycleStart: ReadonlyMap<string, number> = new Map(),
): BillingCycleState[] {
  const lastDay = lastCoveredDate(enrollment);
  const lastPaid = [...paidByCycleStart.keys()].sort().at(-1) ?? '';
  const cycles: BillingCycleState[] = [];
  for (let index = 0; index < 240; index += 1) {
    const { start, end } = billingCycle(enrollment.startDate, enrollment.months, index);
    // Cycles paid ahead, past the enrollment's end until it is renewed, are shown too.
    if ((start > lastDay || start > horizon) && start > lastPaid) break;
    const paidCents = paidByCycleStart.get(start) ?? 0;
    const priceCents = cycleAmountCents(enrollment, chargedByCycleStart, start);
    const lastPayableDay = payableUntil(start, isHoliday);
    const state: CycleState =
      paidCents >= priceCents
        ? 'PAID'
        : today > lastPayableDay // business-days `isOverdue`
          ? 'OVERDUE'
          : start <= today
            ? 'DUE'
            : 'UPCOMING';
    const isCharged = chargedByCycleStart.has(start);
    const dates = { dueDate: start, payableUntil: lastPayableDay };
    cycles.push({ index, start, end, ...dates, priceCents, isCharged, paidCents, state });
  }
  return cycles;
}

/** The cycle a new payment pays when none is named: the first not paid yet (else the one after the last). */
export function firstUnpaidCycleStart(
  enrollment: { startDate: string; months: number; priceCents: number },
  paidByCycleStart: ReadonlyMap<string, number>,
  chargedByCycleStart: ReadonlyMap<string, number> = new Map(),
): string {
  // A free plan is always paid: its first cycle, rather than counting up forever.
  for (let index = 0; index < 1200; index += 1) {
    const { start } = billingCycle(enrollment.startDate, enrollment.months, index);
    const owed = cycleAmountCents(enrollment, chargedByCycleStart, start);
    if ((paidByCycleStart.get(start) ?? 0) < owed) return start;
  }
  return enrollment.startDate;
}

/** The enrollment's billing cycle that starts on `date`, or null when no cycle starts that day. */
export function cycleStartingOn(startDate: string, months: number, date: string) {
  for (let index = 0; index < 1200; index += 1) {
    const cycle = billingCycle(startDate, months, index);
    if (cycle.start === date) return cycle;
    if (cycle.start > date) return null;
  }
  return null;
}

/** Step 1's search (GET /payments/customers): at least 2 characters, as the enrollment form's search. */
export const PayableCustomerQuery = z.object({
  search: z.string().trim().min(2, V.min).max(200, V.max).optional(),
});
export type PayableCustomerQuery = z.infer<typeof PayableCustomerQuery>;

export const PayableCustomer = z.object({
  customerId: z.string(),
  name: z.string(),
  /** 0 with no purchase either: shown, but cannot be charged (PAYMENT_CUSTOMER_NOT_ENROLLED). */
  enrollmentCount: z.number().int(),
  /** Packs, single and trial classes sold to them (decision 029), each paid once. */
  purchaseCount: z.number().int(),
});
export const PayableCustomerList = z.object({ items: z.array(PayableCustomer) });
export type PayableCustomerList = z.infer<typeof PayableCustomerList>;

/** The list's plan filter (GET /payments/plans): an accountant holds VIEW_PAYMENTS, not VIEW_CUSTOMER_PLANS. */
export const PaymentPlanOption = z.object({
  id: z.string(),
  name: z.string(),
  currency: Currency,
  isActive: z.boolean(),
});
export const PaymentPlanList = z.object({ items: z.array(PaymentPlanOption) });
export type PaymentPlanList = z.infer<typeof PaymentPlanList>;
