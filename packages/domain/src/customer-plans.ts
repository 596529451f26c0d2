import { z } from 'zod';
import { Cents, Currency } from './money.ts';
import { V } from './validation.ts';

/** Months per billing cycle (spec: 1, 3, 6, 12). */
export const BILLING_CYCLE_MONTHS = { MONTHLY: 1, QUARTERLY: 3, SEMI_ANNUAL: 6, ANNUALLY: 12 } as const;
export const BILLING_CYCLES = Object.keys(BILLING_CYCLE_MONTHS) as (keyof typeof BILLING_CYCLE_MONTHS)[];
export const BillingCycle = z.enum(BILLING_CYCLES as [keyof typeof BILLING_CYCLE_MONTHS]);
export type BillingCycle = z.infer<typeof BillingCycle>;

export function billingCycleMonths(cycle: BillingCycle): number {
  return BILLING_CYCLE_MONTHS[cycle];
}

/**
 * Issue #26: a plan whose enrollments renew by themselves at the end of each period (a subscription) unless
 * set to end. When a plan does not say, monthly plans renew and the longer cycles are fixed terms.
 */
export function renewsByDefault(cycle: BillingCycle): boolean {
  return cycle === 'MONTHLY';
}

export const WEEKLY_SESSIONS_LIMIT = { min: 1, max: 20 } as const;

/**
 * Issue #26 §2: RECURRING plans are sold by enrolling a customer weekly and billed by cycle; the others are
 * bought once (a "purchase", purchases.ts) and their classes spent by adding the customer to sessions: a PACK
 * of `classCount` classes, a SINGLE class (drop-in), a TRIAL class (at most one per customer; may be free).
 */
export const PLAN_KINDS = ['RECURRING', 'PACK', 'SINGLE', 'TRIAL'] as const;
export const PlanKind = z.enum(PLAN_KINDS, V.required);
export type PlanKind = z.infer<typeof PlanKind>;
export const PURCHASABLE_PLAN_KINDS = ['PACK', 'SINGLE', 'TRIAL'] as const;
export type PurchasablePlanKind = (typeof PURCHASABLE_PLAN_KINDS)[number];

export function isPurchasable(kind: PlanKind): kind is PurchasablePlanKind {
  return kind !== 'RECURRING';
}

export const PACK_LIMITS = { classCount: { min: 2, max: 200 }, validityDays: { min: 1, max: 730 } } as const;

const wholeIn = (range: { min: number; max: number }, message: string) =>
  z.number(message).int(message).min(range.min, message).max(range.max, message).nullish();

/** The classes one purchase of a plan holds: a pack's count, one for a single or trial class, none for the rest. */
export function classesPerPurchase(plan: { kind: PlanKind; classCount: number | null }): number | null {
  if (plan.kind === 'PACK') return plan.classCount;
  return plan.kind === 'RECURRING' ? null : 1;
}

export const CustomerPlanInput = z
  .object({
    name: z.string().trim().min(1, V.planNameRequired).max(120, V.max),
    description: z.string().trim().min(1, V.planDescriptionRequired).max(2000, V.max),
    priceCents: z
      .number(V.price)
      .int(V.price)
      .min(0, V.price)
      .max(Cents.maxValue ?? 1e10, V.price),
    currency: Currency,
    billingCycle: BillingCycle,
    features: z
      .array(z.string().trim().min(1, V.required).max(120, V.max))
      .min(1, V.servicesRequired)
      .max(50, V.max),
    weeklySessionsLimit: z
      .number(V.weeklyLimit)
      .int(V.weeklyLimit)
      .min(WEEKLY_SESSIONS_LIMIT.min, V.weeklyLimit)
      .max(WEEKLY_SESSIONS_LIMIT.max, V.weeklyLimit)
      .nullish()
      .transform((value) => value ?? null),
    /** Absent: `renewsByDefault` for the billing cycle. */
    renewsAutomatically: z.boolean().optional(),
    isActive: z.boolean().default(true),
    kind: PlanKind.default('RECURRING'),
    /** PACK only: the classes one purchase holds. */
    classCount: wholeIn(PACK_LIMITS.classCount, V.classCount),
    /** Every kind but RECURRING: the days a purchase lasts from its first day, that day included. */
    validityDays: wholeIn(PACK_LIMITS.validityDays, V.validityDays),
  })
  .superRefine((plan, ctx) => {
    if (plan.kind === 'PACK' && plan.classCount == null)
      ctx.addIssue({ code: 'custom', path: ['classCount'], message: V.classCount });
    if (isPurchasable(plan.kind) && plan.validityDays == null)
      ctx.addIssue({ code: 'custom', path: ['validityDays'], message: V.validityDays });
  })
  // What a kind does not use is not kept, so a plan never carries a count it does not sell.
  .transform((plan) => ({
    ...plan,
    classCount: classesPerPurchase({ kind: plan.kind, classCount: plan.classCount ?? null }),
    validityDays: isPurchasable(plan.kind) ? (plan.validityDays ?? null) : null,
  }));
export type CustomerPlanInput = z.input<typeof CustomerPlanInput>;

export const CustomerPlan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  currency: Currency,
  billingCycle: BillingCycle,
  features: z.array(z.string()),
  weeklySessionsLimit: z.number().int().nullable(),
  renewsAutomatically: z.boolean(),
  isActive: z.boolean(),
  kind: PlanKind,
  classCount: z.number().int().nullable(),
  validityDays: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerPlan = z.infer<typeof CustomerPlan>;

export const SetPlanActiveInput = z.object({ isActive: z.boolean() });
