import { firstCycleEnd } from '@reformer/domain/billing-cycles';
import { billingCycleMonths } from '@reformer/domain/customer-plans';
import { isCalendarDate } from '@reformer/domain/customers';
import {
  type Enrollment,
  EnrollmentInput,
  type EnrollmentOptionsQuery,
  type EnrollmentPlanOption,
  type EnrollmentValues,
  keepsRenewing,
} from '@reformer/domain/enrollments';
import type { Resolver, ResolverOptions } from 'react-hook-form';
import { domainResolver } from '@/lib/forms.ts';

/** What the inputs hold: text everywhere; an empty end date means "the plan's billing cycle". */
export type EnrollmentFormValues = {
  customerId: string;
  planId: string;
  scheduleId: string;
  startDate: string;
  endDate: string;
  notes: string;
};

/** The fields a server VALIDATION_FAILED answer can point at. */
export const ENROLLMENT_FORM_FIELDS = [
  'customerId',
  'planId',
  'scheduleId',
  'startDate',
  'endDate',
  'notes',
] as const satisfies readonly (keyof EnrollmentFormValues)[];

/** A new enrollment starting today (in the organization's zone), for a customer chosen already or not. */
export function emptyEnrollmentForm(today: string, customerId = ''): EnrollmentFormValues {
  return { customerId, planId: '', scheduleId: '', startDate: today, endDate: '', notes: '' };
}

export function enrollmentToForm(enrollment: Enrollment): EnrollmentFormValues {
  return {
    customerId: enrollment.customerId,
    planId: enrollment.planId,
    scheduleId: enrollment.scheduleId,
    startDate: enrollment.startDate,
    endDate: enrollment.endDate,
    notes: enrollment.notes ?? '',
  };
}

/** The end of the plan's first billing cycle from the start (ARCHITECTURE §5), or '' until both are known. */
export function cycleEndDate(startDate: string, plan: EnrollmentPlanOption | undefined): string {
  if (!plan || !isCalendarDate(startDate)) return '';
  return firstCycleEnd(startDate, billingCycleMonths(plan.billingCycle));
}

/** The enrollment being edited, as far as whether it keeps renewing goes. */
export type RenewalOfCurrent = Pick<
  Enrollment,
  'planId' | 'status' | 'renewal' | 'canceledFrom' | 'planRenewsAutomatically'
>;

/**
 * Whether the enrollment the form writes keeps renewing (domain `keepsRenewing`) under the chosen plan: a new
 * one follows its plan; one being edited keeps its own choice and status.
 */
export function formKeepsRenewing(
  planId: string,
  plans: readonly EnrollmentPlanOption[],
  current?: RenewalOfCurrent | undefined,
): boolean {
  const planRenews =
    current && planId === current.planId
      ? current.planRenewsAutomatically
      : plans.find((plan) => plan.id === planId)?.renewsAutomatically;
  if (planRenews === undefined) return false;
  return keepsRenewing(current ?? { status: 'ACTIVE', renewal: 'PLAN', canceledFrom: null }, planRenews);
}

/**
 * The period the schedules' free seats are counted over: the form's dates once they make one (the server
 * refuses an end before the start), with no end while the enrollment keeps renewing (it holds its seat in
 * every later session, decision 013); the route loads the same period first, so the form opens with it.
 */
export function optionsPeriod(
  startDate: string,
  endDate: string,
  enrollmentId?: string | undefined,
  renewing = false,
): EnrollmentOptionsQuery {
  // On edit the enrollment's own seat is not taken from it.
  const own = enrollmentId ? { enrollmentId } : {};
  if (!isCalendarDate(startDate)) return own;
  return !renewing && isCalendarDate(endDate) && endDate > startDate
    ? { startDate, endDate, ...own }
    : { startDate, ...own };
}

const domain = domainResolver(EnrollmentInput);

/** The shared EnrollmentInput schema validates the form, with the spec's messages (spec §5). */
export const enrollmentFormResolver: Resolver<EnrollmentFormValues, unknown, EnrollmentValues> = (
  values,
  context,
  options,
) => domain(values, context, options as unknown as ResolverOptions<EnrollmentInput>);
