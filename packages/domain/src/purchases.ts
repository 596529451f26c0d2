import { z } from 'zod';
import { addDays } from './calendar-dates.ts';
import { PURCHASABLE_PLAN_KINDS, type PurchasablePlanKind } from './customer-plans.ts';
import { hasNotice } from './make-up-credits.ts';
import { Currency } from './money.ts';
import { pageQueryFields, pageSearchFields, queryFilters, urlFilters } from './paging.ts';
import type { Action } from './permissions.ts';
import { LocalDate, sessionInstant } from './time-zones.ts';
import { V } from './validation.ts';

/**
 * Purchases (issue #26 §2, docs/decisions/029): a pack, single or trial class sold to a customer once, with
 * the classes, validity and price fixed at the sale; each class is spent by adding the customer to a session.
 */

/** ACTIVE: classes left and not expired; USED_UP: every class spent; EXPIRED: past its last day with classes left. */
export const PURCHASE_STATES = ['ACTIVE', 'USED_UP', 'EXPIRED'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

/** Paid once (decision 028's rule, `splitPayment`): PAID when its payments reach the price; a free trial is PAID. */
export const PURCHASE_PAYMENT_STATES = ['PAID', 'PARTIAL', 'UNPAID'] as const;
export type PurchasePaymentState = (typeof PURCHASE_PAYMENT_STATES)[number];

/** The last local date a purchase can be used, inclusive: `validityDays` days counting its first day. */
export function purchaseExpiresOn(startsOn: string, validityDays: number): string {
  return addDays(startsOn, validityDays - 1);
}

type Balance = { classesTotal: number; classesSpent: number; expiresOn: string };

/** EXPIRED is computed when read (as make-up credits are, decision 023), so no job has to flip it. */
export function purchaseState(purchase: Balance, today: string): PurchaseState {
  if (purchase.classesSpent >= purchase.classesTotal) return 'USED_UP';
  return purchase.expiresOn < today ? 'EXPIRED' : 'ACTIVE';
}

export function purchasePaymentState(priceCents: number, paidCents: number): PurchasePaymentState {
  if (paidCents >= priceCents) return 'PAID';
  return paidCents > 0 ? 'PARTIAL' : 'UNPAID';
}

type Spendable = Balance & {
  id: string;
  kind: PurchasablePlanKind;
  startsOn: string;
  createdAt: Date | string;
};

/** Why no purchase can pay for a place: none of the right kind, all spent, or none valid on the date. */
export type NoClassReason = 'PURCHASE_NONE' | 'PURCHASE_USED_UP' | 'PURCHASE_EXPIRED';

/**
 * The purchase a place in a session on `sessionDate` spends: among the customer's purchases of the kinds the
 * place allows (a TRIAL place only a trial; any other place a pack or single class), those with a class left
 * that are valid today and on the session's date; the one that expires first (then the oldest), so classes
 * about to be lost go first. Otherwise the reason none can.
 */
export function purchaseToSpend<P extends Spendable>(
  purchases: readonly P[],
  place: { sessionDate: string; today: string; isTrial: boolean },
): { purchase: P } | { reason: NoClassReason } {
  const ofKind = purchases.filter((purchase) => (purchase.kind === 'TRIAL') === place.isTrial);
  if (ofKind.length === 0) return { reason: 'PURCHASE_NONE' };
  const withClasses = ofKind.filter((purchase) => purchase.classesSpent < purchase.classesTotal);
  if (withClasses.length === 0) return { reason: 'PURCHASE_USED_UP' };
  const valid = withClasses
    .filter((purchase) => purchase.expiresOn >= place.today && purchase.expiresOn >= place.sessionDate)
    .filter((purchase) => purchase.startsOn <= place.sessionDate)
    .sort(
      (a, b) =>
        a.expiresOn.localeCompare(b.expiresOn) ||
        new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() ||
        a.id.localeCompare(b.id),
    );
  const [first] = valid;
  return first ? { purchase: first } : { reason: 'PURCHASE_EXPIRED' };
}

/**
 * A class spent on a place comes back when the place is canceled with the organization's notice — the same
 * notice a make-up credit asks (make-up credit settings, `hasNotice`); a late cancellation or a no-show keeps
 * it spent.
 */
export function returnsClass(
  canceledAt: Date,
  session: { date: string; startTime: string; timeZone: string },
  noticeHours: number,
): boolean {
  return hasNotice(
    canceledAt,
    sessionInstant(session.date, session.startTime, session.timeZone),
    noticeHours,
  );
}

const uuid = z.uuid(V.required).transform((id) => id.toLowerCase());

/** POST /purchases: the plan's classes, validity and price are copied at the sale; starts today unless named. */
export const CreatePurchaseInput = z.object({
  customerId: uuid,
  planId: uuid,
  startsOn: LocalDate.nullish().transform((value) => value ?? null),
  notes: z
    .string()
    .trim()
    .max(1000, V.max)
    .nullish()
    .transform((value) => value || null),
});
export type CreatePurchaseInput = z.input<typeof CreatePurchaseInput>;
export type CreatePurchaseValues = z.output<typeof CreatePurchaseInput>;

export const Purchase = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  planId: z.string(),
  planName: z.string(),
  kind: z.enum(PURCHASABLE_PLAN_KINDS),
  classesTotal: z.number().int(),
  classesSpent: z.number().int(),
  classesLeft: z.number().int(),
  startsOn: z.string(),
  /** Last local date a class can be taken, inclusive. */
  expiresOn: z.string(),
  state: z.enum(PURCHASE_STATES),
  priceCents: z.number().int(),
  currency: Currency,
  /** What its COMPLETED payments put on it (amount − credited − refunded). */
  paidCents: z.number().int(),
  paymentState: z.enum(PURCHASE_PAYMENT_STATES),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type Purchase = z.infer<typeof Purchase>;

const purchaseFilters = {
  customerId: uuid,
  planId: uuid,
  kind: z.enum(PURCHASABLE_PLAN_KINDS),
  state: z.enum(PURCHASE_STATES),
  paymentState: z.enum(PURCHASE_PAYMENT_STATES),
};

/** GET /purchases: the list of plans sold, newest first. */
export const PurchaseListQuery = z.object({ ...pageQueryFields, ...queryFilters(purchaseFilters) });
export type PurchaseListQuery = z.infer<typeof PurchaseListQuery>;

export const PurchasesSearchParams = z.object({ ...pageSearchFields, ...urlFilters(purchaseFilters) });
export type PurchasesSearchParams = z.infer<typeof PurchasesSearchParams>;

export const PurchaseList = z.object({
  items: z.array(Purchase),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PurchaseList = z.infer<typeof PurchaseList>;

/** GET /purchases/plans: the active plans that can be sold, for the sale form (no VIEW_CUSTOMER_PLANS needed). */
export const PurchasablePlan = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PURCHASABLE_PLAN_KINDS),
  classCount: z.number().int(),
  validityDays: z.number().int(),
  priceCents: z.number().int(),
  currency: Currency,
});
export type PurchasablePlan = z.infer<typeof PurchasablePlan>;
export const PurchasablePlanList = z.object({ items: z.array(PurchasablePlan) });
export type PurchasablePlanList = z.infer<typeof PurchasablePlanList>;

export const CustomerPurchaseList = z.object({ items: z.array(Purchase) });
export type CustomerPurchaseList = z.infer<typeof CustomerPurchaseList>;

export const EXPIRING_DAYS = { min: 0, max: 365, default: 7 } as const;

/** GET /purchases/expiring?days=N: ACTIVE purchases whose last day is within today … today + N. */
export const ExpiringPurchasesQuery = z.object({
  days: z.coerce.number().int().min(EXPIRING_DAYS.min).max(EXPIRING_DAYS.max).default(EXPIRING_DAYS.default),
});
export type ExpiringPurchasesQuery = z.infer<typeof ExpiringPurchasesQuery>;

export const ExpiringPurchases = z.object({ from: z.string(), to: z.string(), items: z.array(Purchase) });
export type ExpiringPurchases = z.infer<typeof ExpiringPurchases>;

/** What adding a customer to a session did to their purchase: the class spent and what is left. */
export const SpentPurchaseClass = z.object({
  customerId: z.string(),
  purchaseId: z.string(),
  planName: z.string(),
  classesLeft: z.number().int(),
  expiresOn: z.string(),
});
export type SpentPurchaseClass = z.infer<typeof SpentPurchaseClass>;

/**
 * What a status change did to a class spent from a purchase: RETURNED by a cancellation with notice, KEPT by
 * one without (`noticeHours` says why), SPENT again when a canceled place whose class came back is restored.
 */
export const PurchaseClassOutcome = z.object({
  outcome: z.enum(['RETURNED', 'KEPT', 'SPENT']),
  purchaseId: z.string(),
  noticeHours: z.number().int(),
});
export type PurchaseClassOutcome = z.infer<typeof PurchaseClassOutcome>;

/**
 * Selling a pack is the front desk's work, as enrolling is: the same actions, held anywhere (an establishment
 * role or the organization's), decide on the server and on the screen.
 */
export const PURCHASE_ACTIONS = {
  view: 'VIEW_ENROLLMENTS',
  sell: 'MANAGE_ENROLLMENTS',
} as const satisfies Record<string, Action>;
