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

export const CustomerPlanInput = z.object({
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
});
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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerPlan = z.infer<typeof CustomerPlan>;

export const SetPlanActiveInput = z.object({ isActive: z.boolean() });
