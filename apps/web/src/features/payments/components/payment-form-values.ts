import type { Currency } from '@reformer/domain/money';
import { centsToInput, parseMoneyInput } from '@reformer/domain/money';
import {
  type BillingCycleState,
  type EnrollmentBilling,
  type Payment,
  PaymentFields,
  type PaymentMethod,
  type PaymentStatus,
} from '@reformer/domain/payments';
import { V } from '@reformer/domain/validation';
import type { Resolver, ResolverOptions } from 'react-hook-form';
import { z } from 'zod';
import { domainResolver } from '@/lib/forms.ts';

/** Step 3's inputs: the amount as typed ("1.234,56" or "1234.56"), a method still to choose. */
export type PaymentDetailsFormValues = {
  amount: string;
  currency: Currency;
  paidOn: string;
  method: PaymentMethod | '';
  status: PaymentStatus;
  notes: string;
};

/** The fields a server VALIDATION_FAILED answer can point at (its `amountCents` is the amount's). */
export const PAYMENT_DETAILS_FIELDS = [
  'amount',
  'currency',
  'paidOn',
  'method',
  'status',
  'notes',
] as const satisfies readonly (keyof PaymentDetailsFormValues)[];

/** The typed amount in cents, then the payment's own amount rule (more than 0, at most 1,000,000.00). */
const Amount = z
  .string(V.required)
  .trim()
  .min(1, V.required)
  .transform((text, ctx) => {
    const cents = parseMoneyInput(text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: V.amount });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(PaymentFields.shape.amountCents);

/**
 * Step 3 is PaymentInput's details with the amount as text; the customer, the enrollment and the cycle
 * come from steps 1–2.
 */
const PaymentDetailsInput = PaymentFields.pick({
  currency: true,
  paidOn: true,
  method: true,
  status: true,
  notes: true,
}).extend({ amount: Amount });
export type PaymentDetailsValues = z.output<typeof PaymentDetailsInput>;

type PaymentDetailsInput = z.input<typeof PaymentDetailsInput>;
const domain = domainResolver(PaymentDetailsInput);

/** The inputs hold text (a method not chosen yet is ''); the shared schema says what is wrong with it. */
export const paymentDetailsResolver: Resolver<PaymentDetailsFormValues, unknown, PaymentDetailsValues> = (
  values,
  context,
  options,
) =>
  domain(values as PaymentDetailsInput, context, options as unknown as ResolverOptions<PaymentDetailsInput>);

/** A new payment: paid today (in the organization's zone), completed, method to choose. */
export function emptyPaymentDetails(today: string): PaymentDetailsFormValues {
  return { amount: '', currency: 'BRL', paidOn: today, method: '', status: 'COMPLETED', notes: '' };
}

export function paymentToDetails(payment: Payment, localeTag: string): PaymentDetailsFormValues {
  return {
    amount: centsToInput(payment.amountCents, localeTag),
    currency: payment.currency,
    paidOn: payment.paidOn,
    method: payment.method,
    status: payment.status,
    notes: payment.notes ?? '',
  };
}

/**
 * The cycle a new payment for this enrollment pays: the first not paid yet among those the billing shows
 * (the server picks the same one when none is named). Null when all shown are paid: the server then takes
 * the next one.
 */
export function cycleToPay(enrollment: Pick<EnrollmentBilling, 'cycles'>): BillingCycleState | null {
  return enrollment.cycles.find((cycle) => cycle.state !== 'PAID') ?? null;
}

/** What is left to pay of that cycle (the plan's price when nothing was paid), for the amount field. */
export function amountToPay(enrollment: EnrollmentBilling): number {
  const cycle = cycleToPay(enrollment);
  const left = cycle ? cycle.priceCents - cycle.paidCents : enrollment.priceCents;
  return left > 0 ? left : enrollment.priceCents;
}

/** The create/update body: the details with the customer and what is paid (an enrollment's cycle or a purchase). */
export function toPaymentValues(
  details: PaymentDetailsValues,
  target: {
    customerId: string;
    enrollmentId: string | null;
    purchaseId: string | null;
    cycleStart: string | null;
  },
) {
  const { amount, ...rest } = details;
  return { ...rest, ...target, amountCents: amount };
}
