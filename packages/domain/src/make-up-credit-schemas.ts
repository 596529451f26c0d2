import { z } from 'zod';
import { isCalendarDate } from './customers.ts';
import { CREDIT_STATES, NO_CREDIT_REASONS } from './make-up-credits.ts';
import { PurchaseClassOutcome, SpentPurchaseClass } from './purchases.ts';
import { SessionDetails } from './sessions.ts';
import { V } from './validation.ts';

/** What the API says about make-up credits (the rules are in make-up-credits.ts). */

/** The session a credit came from or paid for, as the customer's details show it. */
const CreditSession = z.object({
  id: z.string(),
  date: z.string(),
  startTime: z.string(),
  scheduleName: z.string(),
  establishmentName: z.string(),
});

export const MakeUpCredit = z.object({
  id: z.string(),
  state: z.enum(CREDIT_STATES),
  earnedAt: z.string(),
  /** Last local date it can be used, inclusive. */
  expiresOn: z.string(),
  canceledSession: CreditSession,
  usedAt: z.string().nullable(),
  usedSession: CreditSession.nullable(),
});
export type MakeUpCredit = z.infer<typeof MakeUpCredit>;

/** A customer's credits, newest first, with how many are in each state. */
export const MakeUpCreditList = z.object({
  items: z.array(MakeUpCredit),
  summary: z.object({
    earned: z.number().int(),
    available: z.number().int(),
    used: z.number().int(),
    expired: z.number().int(),
  }),
});
export type MakeUpCreditList = z.infer<typeof MakeUpCreditList>;

/**
 * What a status change did to the customer's credits: EARNED by a cancellation, NOT_EARNED with the reason
 * (and the settings that explain it), RETURNED when a cancellation was undone before its credit was used.
 */
export const MakeUpCreditOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('EARNED'), creditId: z.string(), expiresOn: z.string() }),
  z.object({
    outcome: z.literal('NOT_EARNED'),
    reason: z.enum(NO_CREDIT_REASONS),
    noticeHours: z.number().int(),
    monthlyLimit: z.number().int(),
  }),
  z.object({ outcome: z.literal('RETURNED'), creditId: z.string() }),
]);
export type MakeUpCreditOutcome = z.infer<typeof MakeUpCreditOutcome>;

/**
 * PUT /sessions/{id}/attendance/{customerId}: the session, the credit decision when it was one, and what
 * happened to the class a purchase paid for the place (decision 029).
 */
export const AttendanceChange = SessionDetails.extend({
  makeUpCredit: MakeUpCreditOutcome.nullable(),
  purchaseClass: PurchaseClassOutcome.nullable(),
});
export type AttendanceChange = z.infer<typeof AttendanceChange>;

/** POST /sessions/{id}/customers: the session, the credit each make-up spent, the class each purchase did. */
export const CustomersAdded = SessionDetails.extend({
  spentCredits: z.array(z.object({ customerId: z.string(), creditId: z.string(), expiresOn: z.string() })),
  spentPurchases: z.array(SpentPurchaseClass),
});
export type CustomersAdded = z.infer<typeof CustomersAdded>;

/** A date an establishment gives no credit for (a holiday), "YYYY-MM-DD" in the organization's zone. */
export const NoCreditDate = z.object({ establishmentId: z.string(), date: z.string(), name: z.string() });
export type NoCreditDate = z.infer<typeof NoCreditDate>;

export const NoCreditDateList = z.object({ items: z.array(NoCreditDate) });
export type NoCreditDateList = z.infer<typeof NoCreditDateList>;

/** The date is in the path; the body names it ("Carnaval"), optionally. */
export const NoCreditDateInput = z.object({
  name: z
    .string()
    .trim()
    .max(120, V.max)
    .nullish()
    .transform((value) => value ?? ''),
});
export type NoCreditDateInput = z.input<typeof NoCreditDateInput>;

/** The date in the path of a no-credit date. */
export const NoCreditDatePath = z.string().refine(isCalendarDate, V.date);
