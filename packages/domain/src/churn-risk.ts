import { z } from 'zod';
import { addDays } from './calendar-dates.ts';
import { Period } from './dashboard.ts';
import { Currency } from './money.ts';
import { PAGE_DEFAULTS, pageQueryFields } from './paging.ts';
import { type AccessProfile, type Action, can } from './permissions.ts';

/**
 * Churn risk (issue #18, docs/decisions/022): a score per active customer made of named reasons, each with the
 * numbers behind it and the points it adds, so staff read why a customer is on the list.
 */

/** Attendance compares the weekly check-ins of the last 4 weeks with those of the 8 weeks before. */
export const RECENT_WEEKS = 4;
export const BEFORE_WEEKS = 8;
/** An enrollment "ends" when its last day falls today or within the next 30 days. */
export const ENROLLMENT_ENDING_DAYS = 30;
/**
 * Make-up credits pile up when the customer has at least this many not spent: valid today, or expired unused
 * within the attendance window (the last 12 weeks). One credit waiting for its make-up is the normal course.
 */
export const MAKE_UP_CREDITS_PILING_UP = 2;

/** The points of each reason; together at most 100. */
export const CHURN_RISK_POINTS = {
  /** For a customer who stopped coming; a smaller drop earns its share, rounded up. */
  attendanceFalling: 30,
  /** Per overdue billing cycle, up to `paymentsOverdueMax`. */
  paymentsOverduePerCycle: 15,
  paymentsOverdueMax: 30,
  enrollmentEnding: 20,
  makeUpCreditsPilingUp: 20,
} as const;

/**
 * Every window in calendar dates of the organization's zone, both ends included. Today is left out of the
 * attendance: its classes have not all happened (as the dashboard's attendance rate).
 */
export type ChurnRiskPeriods = { recent: Period; before: Period; enrollmentEnding: Period };

export function churnRiskPeriods(today: string): ChurnRiskPeriods {
  const recentFrom = addDays(today, -7 * RECENT_WEEKS);
  return {
    recent: { from: recentFrom, to: addDays(today, -1) },
    before: { from: addDays(recentFrom, -7 * BEFORE_WEEKS), to: addDays(recentFrom, -1) },
    enrollmentEnding: { from: today, to: addDays(today, ENROLLMENT_ENDING_DAYS) },
  };
}

export const CurrencyAmount = z.object({ currency: Currency, amountCents: z.number().int() });
export type CurrencyAmount = z.infer<typeof CurrencyAmount>;

/** What the database counted for one customer (apps/server churn-risk.repository). */
export type ChurnRiskSignals = {
  /** Check-ins in the `before` and `recent` periods. */
  checkInsBefore: number;
  checkInsRecent: number;
  /** Overdue billing cycles of their active enrollments, and what is left to pay of them per currency. */
  overdueCycles: number;
  overdueAmounts: CurrencyAmount[];
  /**
   * The last day their current enrollments cover, when it falls in `enrollmentEnding` and one of them is
   * ACTIVE: no later enrollment or renewal reaches past it. Null otherwise.
   */
  enrollmentEndsOn: string | null;
  /**
   * Their make-up credits not spent (make-up-credits `creditState`, counted by its SQL twin): valid today, and
   * expired unused with a last day within the `before` and `recent` periods.
   */
  makeUpCreditsHeld: number;
  makeUpCreditsExpired: number;
};

const Points = z.number().int().min(1).max(100);

export const ChurnRiskReason = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('ATTENDANCE_FALLING'),
    points: Points,
    /** Check-ins a week in the 8 weeks before, and in the last 4. */
    beforePerWeek: z.number(),
    recentPerWeek: z.number(),
  }),
  z.object({
    code: z.literal('PAYMENTS_OVERDUE'),
    points: Points,
    cycles: z.number().int(),
    amounts: z.array(CurrencyAmount),
  }),
  z.object({ code: z.literal('ENROLLMENT_ENDING'), points: Points, endDate: z.string() }),
  z.object({
    code: z.literal('MAKE_UP_CREDITS_PILING_UP'),
    points: Points,
    /** Credits valid today, and credits that expired unused in the last 12 weeks. */
    held: z.number().int(),
    expired: z.number().int(),
  }),
]);
export type ChurnRiskReason = z.infer<typeof ChurnRiskReason>;
export type ChurnRiskReasonCode = ChurnRiskReason['code'];

/**
 * Attendance is falling when the recent weekly rate is below the earlier one: recent ÷ 4 < before ÷ 8,
 * compared as whole numbers. Nobody came before → nothing to fall from; equal rates → not falling.
 */
function attendanceFalling(signals: ChurnRiskSignals): ChurnRiskReason | null {
  const { checkInsBefore: before, checkInsRecent: recent } = signals;
  const drop = before * RECENT_WEEKS - recent * BEFORE_WEEKS;
  if (before === 0 || drop <= 0) return null;
  return {
    code: 'ATTENDANCE_FALLING',
    // The share of the earlier rate that was lost; a whole-number division, exact when it divides.
    points: Math.ceil((CHURN_RISK_POINTS.attendanceFalling * drop) / (before * RECENT_WEEKS)),
    beforePerWeek: before / BEFORE_WEEKS,
    recentPerWeek: recent / RECENT_WEEKS,
  };
}

function paymentsOverdue(signals: ChurnRiskSignals): ChurnRiskReason | null {
  if (signals.overdueCycles <= 0) return null;
  const { paymentsOverduePerCycle, paymentsOverdueMax } = CHURN_RISK_POINTS;
  return {
    code: 'PAYMENTS_OVERDUE',
    points: Math.min(paymentsOverdueMax, paymentsOverduePerCycle * signals.overdueCycles),
    cycles: signals.overdueCycles,
    amounts: signals.overdueAmounts,
  };
}

function enrollmentEnding(signals: ChurnRiskSignals): ChurnRiskReason | null {
  if (signals.enrollmentEndsOn === null) return null;
  return {
    code: 'ENROLLMENT_ENDING',
    points: CHURN_RISK_POINTS.enrollmentEnding,
    endDate: signals.enrollmentEndsOn,
  };
}

/**
 * Cancelled classes whose make-ups are not booked: each credit is a class the customer chose to miss and has
 * not come back for. Counted together whether still valid or already lapsed, from `MAKE_UP_CREDITS_PILING_UP`.
 */
function makeUpCreditsPilingUp(signals: ChurnRiskSignals): ChurnRiskReason | null {
  const { makeUpCreditsHeld: held, makeUpCreditsExpired: expired } = signals;
  if (held + expired < MAKE_UP_CREDITS_PILING_UP) return null;
  return {
    code: 'MAKE_UP_CREDITS_PILING_UP',
    points: CHURN_RISK_POINTS.makeUpCreditsPilingUp,
    held,
    expired,
  };
}

/** The score is the sum of the reasons' points (at most 30 + 30 + 20 + 20); the reasons come heaviest first. */
export function scoreChurnRisk(signals: ChurnRiskSignals): { score: number; reasons: ChurnRiskReason[] } {
  const reasons = [
    attendanceFalling(signals),
    paymentsOverdue(signals),
    enrollmentEnding(signals),
    makeUpCreditsPilingUp(signals),
  ]
    .filter((reason) => reason !== null)
    .sort((a, b) => b.points - a.points);
  return { score: reasons.reduce((sum, reason) => sum + reason.points, 0), reasons };
}

export const ChurnRiskCustomer = z.object({
  customerId: z.string(),
  name: z.string(),
  score: z.number().int().min(1).max(100),
  reasons: z.array(ChurnRiskReason),
});
export type ChurnRiskCustomer = z.infer<typeof ChurnRiskCustomer>;

/** The customers with at least one reason, highest score first, then by name. */
export function rankChurnRisks(
  customers: { customerId: string; name: string; signals: ChurnRiskSignals }[],
): ChurnRiskCustomer[] {
  return customers
    .map(({ customerId, name, signals }) => ({ customerId, name, ...scoreChurnRisk(signals) }))
    .filter((customer) => customer.score > 0)
    .sort(
      (a, b) => b.score - a.score || a.name.localeCompare(b.name) || a.customerId.localeCompare(b.customerId),
    );
}

/**
 * Who may read the list: it shows who owes (VIEW_PAYMENTS), how often they came (VIEW_ATTENDANCE) and when
 * their enrollments end (VIEW_ENROLLMENTS) across every establishment, so each at organization scope, with
 * VIEW_CUSTOMERS. By default: owners and administrators.
 */
export const CHURN_RISK_ACTIONS = [
  'VIEW_CUSTOMERS',
  'VIEW_PAYMENTS',
  'VIEW_ATTENDANCE',
  'VIEW_ENROLLMENTS',
] as const satisfies readonly Action[];

export function canViewChurnRisk(profile: AccessProfile): boolean {
  return CHURN_RISK_ACTIONS.every((action) => can(profile, action, { scope: 'ORG' }));
}

export const CHURN_RISK_PAGE_LIMIT = 20;

export const ChurnRiskQuery = z.object({
  page: pageQueryFields.page,
  limit: z.coerce.number().int().min(1).max(PAGE_DEFAULTS.maxLimit).default(CHURN_RISK_PAGE_LIMIT),
});
export type ChurnRiskQuery = z.infer<typeof ChurnRiskQuery>;

/** GET /organizations/{orgId}/churn-risk: a page of the customers at risk, with the windows used. */
export const ChurnRiskList = z.object({
  today: z.string(),
  periods: z.object({ recent: Period, before: Period, enrollmentEnding: Period }),
  items: z.array(ChurnRiskCustomer),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ChurnRiskList = z.infer<typeof ChurnRiskList>;
