import { z } from 'zod';
import { nextCycleEnd } from './billing-cycles.ts';
import { addDays } from './calendar-dates.ts';
import { BillingCycle } from './customer-plans.ts';
import { isCalendarDate } from './customers.ts';
import { Currency } from './money.ts';
import { pageQueryFields, pageSearchFields, queryFilters, urlFilters } from './paging.ts';
import { RecurrenceType, ScheduleType } from './schedules.ts';
import { LocalDate } from './time-zones.ts';
import { V } from './validation.ts';

/** ARCHITECTURE §5: the subscription enumeration of the spec. */
export const ENROLLMENT_STATUSES = ['ACTIVE', 'PAUSED', 'CANCELED', 'COMPLETED'] as const;
export const EnrollmentStatus = z.enum(ENROLLMENT_STATUSES, V.required);
export type EnrollmentStatus = z.infer<typeof EnrollmentStatus>;

const uuid = z.uuid(V.required).transform((id) => id.toLowerCase());
const optionalDate = z
  .string(V.date)
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || isCalendarDate(value), V.date);

/**
 * The enrollment form and the create/update body (spec §3, §5). `endDate` absent or null: the end of the
 * plan's first billing cycle from `startDate`, recomputed when the plan or the start changes; a date staff
 * chose is kept as theirs.
 */
export const EnrollmentInput = z
  .object({
    customerId: uuid,
    planId: uuid,
    scheduleId: uuid,
    startDate: LocalDate,
    endDate: optionalDate,
    notes: z
      .string()
      .trim()
      .max(2000, V.max)
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((enrollment, ctx) => {
    if (!enrollment.endDate || !isCalendarDate(enrollment.startDate)) return;
    if (enrollment.endDate <= enrollment.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: V.endDateAfterStart });
    }
  });
export type EnrollmentInput = z.input<typeof EnrollmentInput>;
export type EnrollmentValues = z.output<typeof EnrollmentInput>;

/**
 * Whether an enrollment renews by itself at the end of its period (issue #26): as its plan says (`PLAN`), or
 * staff's choice for this one — it renews (`RENEWS`) or ends at the period's end (`ENDS`).
 */
export const ENROLLMENT_RENEWALS = ['PLAN', 'RENEWS', 'ENDS'] as const;
export const EnrollmentRenewal = z.enum(ENROLLMENT_RENEWALS, V.required);
export type EnrollmentRenewal = z.infer<typeof EnrollmentRenewal>;

/**
 * What staff do to an enrollment after it exists. Pausing and cancelling take effect from a date (today by
 * default), so sessions before it keep the customer on their roster: past attendance stays.
 */
export const ENROLLMENT_ACTIONS = ['PAUSE', 'RESUME', 'CANCEL', 'COMPLETE', 'RENEW', 'SET_RENEWAL'] as const;
export type EnrollmentAction = (typeof ENROLLMENT_ACTIONS)[number];

export const EnrollmentActionInput = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('PAUSE'), from: optionalDate, resumeOn: LocalDate }),
    z.object({ action: z.literal('RESUME') }),
    z.object({ action: z.literal('CANCEL'), from: optionalDate }),
    z.object({ action: z.literal('COMPLETE') }),
    z.object({ action: z.literal('RENEW') }),
    z.object({ action: z.literal('SET_RENEWAL'), renewal: EnrollmentRenewal }),
  ])
  .superRefine((input, ctx) => {
    if (input.action !== 'PAUSE' || !input.from || !isCalendarDate(input.resumeOn)) return;
    if (input.resumeOn <= input.from) {
      ctx.addIssue({ code: 'custom', path: ['resumeOn'], message: V.resumeAfterPause });
    }
  });
export type EnrollmentActionInput = z.input<typeof EnrollmentActionInput>;
export type EnrollmentActionValues = z.output<typeof EnrollmentActionInput>;

/**
 * Which action each status allows; CANCELED is final. A completed enrollment can be renewed (same seat).
 * Whether it renews by itself is chosen while it runs.
 */
const ALLOWED_ACTIONS: Record<EnrollmentStatus, readonly EnrollmentAction[]> = {
  ACTIVE: ['PAUSE', 'CANCEL', 'COMPLETE', 'RENEW', 'SET_RENEWAL'],
  PAUSED: ['RESUME', 'CANCEL', 'COMPLETE', 'SET_RENEWAL'],
  CANCELED: [],
  COMPLETED: ['RENEW'],
};

export function allowedActions(status: EnrollmentStatus): readonly EnrollmentAction[] {
  return ALLOWED_ACTIONS[status];
}

export function canApply(status: EnrollmentStatus, action: EnrollmentAction): boolean {
  return ALLOWED_ACTIONS[status].includes(action);
}

/** The dates that decide which sessions an enrollment puts its customer on. */
export type EnrollmentCoverage = {
  startDate: string;
  endDate: string;
  /** Not covered from this date until `resumeOn` (exclusive; open-ended when null). */
  pausedFrom: string | null;
  resumeOn: string | null;
  /** Not covered from this date on. */
  canceledFrom: string | null;
};

/** The coverage dates and whether the enrollment keeps renewing (`keepsRenewing`): what a seat follows. */
export type SeatCoverage = EnrollmentCoverage & { renewing: boolean };

/**
 * Whether the enrollment puts its customer on the roster of a session on `date` (the session's scheduled
 * date). One that keeps renewing has no end yet: it holds its seat in every session after its current
 * period too, so no one else takes it before the daily job renews it (issue #26; its schedule's sessions,
 * which exist only up to the schedule's end, bound it). The SQL twin is `enrollmentCovers` in the server's
 * `db/roster.ts`; the integration tests compare the two.
 */
export function coversDate(enrollment: SeatCoverage, date: string): boolean {
  if (date < enrollment.startDate) return false;
  if (date > enrollment.endDate && !enrollment.renewing) return false;
  if (enrollment.canceledFrom !== null && date >= enrollment.canceledFrom) return false;
  const { pausedFrom, resumeOn } = enrollment;
  const isPaused = pausedFrom !== null && date >= pausedFrom && (resumeOn === null || date < resumeOn);
  return !isPaused;
}

/** The last date the enrollment can cover: its end, or the day before a cancellation. */
export function lastCoveredDate(enrollment: EnrollmentCoverage): string {
  if (enrollment.canceledFrom === null) return enrollment.endDate;
  const dayBefore = addDays(enrollment.canceledFrom, -1);
  return dayBefore < enrollment.endDate ? dayBefore : enrollment.endDate;
}

export type RenewalTerms = {
  enrollment: {
    status: EnrollmentStatus;
    renewal: EnrollmentRenewal;
    endDate: string;
    canceledFrom: string | null;
  };
  plan: { renewsAutomatically: boolean };
  /** A schedule with no end date runs for ever; one that ends takes its enrollments' renewals with it. */
  schedule: { endDate: string | null };
};

/**
 * Whether the enrollment renews by itself for another cycle at the end of its period (issue #26): it runs
 * (active or paused, no cancellation set), its own choice or else its plan says it renews, and its schedule
 * goes on after the period. The SQL twin is `renews` in the server's `db/roster.ts`; a test compares them.
 */
export function willRenew({ enrollment, plan, schedule }: RenewalTerms): boolean {
  if (schedule.endDate !== null && schedule.endDate <= enrollment.endDate) return false;
  return keepsRenewing(enrollment, plan.renewsAutomatically);
}

/**
 * `willRenew` without its schedule: the enrollment runs (active or paused, no cancellation set) and its own
 * choice or else its plan says it renews. What a seat follows (`coversDate`), from the enrollment's own row
 * and its plan's choice; a schedule's end needs no check there, it has no sessions after it. The SQL twin
 * is `renewing` in the server's `db/roster.ts`.
 */
export function keepsRenewing(
  enrollment: Pick<RenewalTerms['enrollment'], 'status' | 'renewal' | 'canceledFrom'>,
  planRenewsAutomatically: boolean,
): boolean {
  if (enrollment.status !== 'ACTIVE' && enrollment.status !== 'PAUSED') return false;
  if (enrollment.canceledFrom !== null) return false;
  if (enrollment.renewal === 'PLAN') return planRenewsAutomatically;
  return enrollment.renewal === 'RENEWS';
}

/**
 * Where a renewal due by `today` moves the end: to the end of the cycle that runs on the day after `today`
 * (one cycle, or as many as a job that did not run for a while missed), never past the schedule's end.
 */
export function renewedEndDate(
  enrollment: { startDate: string },
  months: number,
  today: string,
  scheduleEnd: string | null,
): string {
  const cycleEnd = nextCycleEnd(enrollment.startDate, months, today);
  return scheduleEnd !== null && scheduleEnd < cycleEnd ? scheduleEnd : cycleEnd;
}

/**
 * Sessions a schedule holds per week, for the plan's weekly limit: its days for a weekly class; a monthly or
 * single class never holds more than one in a week.
 */
export function sessionsPerWeek(schedule: { recurrenceType: RecurrenceType; daysOfWeek: number[] }) {
  return schedule.recurrenceType === 'WEEKLY' ? Math.max(1, schedule.daysOfWeek.length) : 1;
}

/**
 * ARCHITECTURE §5: the sessions per week of a customer's enrollments under one plan (those whose dates
 * overlap the new one's) may not exceed the plan's limit; no limit, no check.
 */
export function weeklyLimitExceeded(
  limit: number | null,
  overlapping: readonly { sessionsPerWeek: number }[],
  adding: number,
): boolean {
  if (limit === null) return false;
  const taken = overlapping.reduce((sum, enrollment) => sum + enrollment.sessionsPerWeek, 0);
  return taken + adding > limit;
}

export const Enrollment = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string().nullable(),
  planId: z.string(),
  planName: z.string(),
  scheduleId: z.string(),
  scheduleName: z.string(),
  establishmentId: z.string(),
  establishmentName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** True when staff chose the end date; false when it follows the plan's billing cycle. */
  isEndDateExplicit: z.boolean(),
  status: EnrollmentStatus,
  /** Its own renewal choice, and what its plan and schedule add to it (domain `willRenew`). */
  renewal: EnrollmentRenewal,
  planRenewsAutomatically: z.boolean(),
  scheduleEndDate: z.string().nullable(),
  pausedFrom: z.string().nullable(),
  resumeOn: z.string().nullable(),
  canceledFrom: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Enrollment = z.infer<typeof Enrollment>;

/** A session the enrollment covers, with the customer's status and check-in there. */
export const EnrollmentSession = z.object({
  sessionId: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  isActive: z.boolean(),
  status: z.string(),
  checkedInAt: z.string().nullable(),
});
export type EnrollmentSession = z.infer<typeof EnrollmentSession>;

export const EnrollmentDetails = Enrollment.extend({ sessions: z.array(EnrollmentSession) });
export type EnrollmentDetails = z.infer<typeof EnrollmentDetails>;

export type EnrollmentRenewalView = Pick<
  Enrollment,
  'status' | 'renewal' | 'endDate' | 'canceledFrom' | 'planRenewsAutomatically' | 'scheduleEndDate'
>;

/** `willRenew` over an enrollment as the API gives it, its plan's and schedule's terms inline. */
export function enrollmentWillRenew(enrollment: EnrollmentRenewalView): boolean {
  return willRenew({
    enrollment,
    plan: { renewsAutomatically: enrollment.planRenewsAutomatically },
    schedule: { endDate: enrollment.scheduleEndDate },
  });
}

const enrollmentFilters = {
  status: EnrollmentStatus,
  establishmentId: uuid,
  scheduleId: uuid,
  planId: uuid,
  customerId: uuid,
};

/** GET /enrollments: paging as every list (page ≥ 1, limit 1–100); an unknown filter value is a 400. */
export const EnrollmentListQuery = z.object({
  ...pageQueryFields,
  ...queryFilters(enrollmentFilters),
});
export type EnrollmentListQuery = z.infer<typeof EnrollmentListQuery>;

/** The enrollments page's URL (spec §5): page ≥ 1 falling back to 1, limit 1–100 falling back to 10. */
export const EnrollmentsSearchParams = z.object({
  ...pageSearchFields,
  ...urlFilters(enrollmentFilters),
});
export type EnrollmentsSearchParams = z.infer<typeof EnrollmentsSearchParams>;

export const EnrollmentList = z.object({
  items: z.array(Enrollment),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type EnrollmentList = z.infer<typeof EnrollmentList>;

/** The enrollment form's customer search (spec §5): at least 2 characters before asking the server. */
export const ENROLLMENT_CUSTOMER_SEARCH_MIN = 2;

/**
 * GET /enrollments/options: what the enrollment form and the list's filters choose from. The period
 * (default: from today on) is the one an enrollment would cover; free seats are counted over it.
 */
export const EnrollmentOptionsQuery = z
  .object({
    startDate: LocalDate.optional(),
    endDate: LocalDate.optional(),
    /** The enrollment being edited: its own seat counts as free. */
    enrollmentId: uuid.optional(),
  })
  .superRefine((query, ctx) => {
    const { startDate, endDate } = query;
    if (!startDate || !endDate || !isCalendarDate(startDate) || !isCalendarDate(endDate)) return;
    if (endDate < startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: V.endDateAfterStart });
  });
export type EnrollmentOptionsQuery = z.infer<typeof EnrollmentOptionsQuery>;

/**
 * A schedule of an establishment where the member may view enrollments, with the seats still free over the
 * period: the capacity less the fullest upcoming active session's roster in it (what the server's capacity
 * check compares when the enrollment is saved).
 */
export const ScheduleAvailability = z.object({
  scheduleId: z.string(),
  name: z.string(),
  establishmentId: z.string(),
  establishmentName: z.string(),
  type: ScheduleType,
  recurrenceType: RecurrenceType,
  daysOfWeek: z.array(z.number().int()),
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number().int(),
  freeSeats: z.number().int(),
  isActive: z.boolean(),
});
export type ScheduleAvailability = z.infer<typeof ScheduleAvailability>;

/** A plan as the enrollment form needs it (members who enroll may not hold VIEW_CUSTOMER_PLANS). */
export const EnrollmentPlanOption = z.object({
  id: z.string(),
  name: z.string(),
  billingCycle: BillingCycle,
  weeklySessionsLimit: z.number().int().nullable(),
  renewsAutomatically: z.boolean(),
  priceCents: z.number().int(),
  currency: Currency,
  isActive: z.boolean(),
});
export type EnrollmentPlanOption = z.infer<typeof EnrollmentPlanOption>;

export const EnrollmentOptions = z.object({
  plans: z.array(EnrollmentPlanOption),
  schedules: z.array(ScheduleAvailability),
});
export type EnrollmentOptions = z.infer<typeof EnrollmentOptions>;
