import { z } from 'zod';
import { addDays, addMonths, firstOfMonth } from './calendar-dates.ts';
import type { ScheduleType } from './schedules.ts';
import { sessionInstant } from './time-zones.ts';
import { V } from './validation.ts';

/**
 * Make-up credits (reposição, issue #18; docs/decisions/023): a customer who cancels their place in a
 * session with enough notice earns a credit, which staff spend to book them into another session.
 */

/** How long a credit lasts, counted from the canceled session's local date. */
export const CREDIT_VALIDITIES = ['END_OF_NEXT_MONTH', 'DAYS'] as const;
export type CreditValidity = (typeof CREDIT_VALIDITIES)[number];

/**
 * Where a customer may spend a credit from the portal (decision 039): a group class at the establishment of
 * the class the credit replaces (the default, as studios write it), or at any establishment the staff's rule
 * allows. Make-ups are group classes only, so the class type is always the same.
 */
export const PORTAL_MAKE_UP_SCOPES = ['SAME_ESTABLISHMENT', 'ANY_ALLOWED_ESTABLISHMENT'] as const;
export type PortalMakeUpScope = (typeof PORTAL_MAKE_UP_SCOPES)[number];

export const MAKE_UP_LIMITS = {
  noticeHours: { min: 0, max: 168 },
  portalBookingHours: { min: 0, max: 168 },
  monthlyLimit: { min: 0, max: 31 },
  validityDays: { min: 1, max: 365 },
} as const;

const whole = (range: { min: number; max: number }) =>
  z.number(V.outOfRange).int(V.outOfRange).min(range.min, V.outOfRange).max(range.max, V.outOfRange);

/** PUT /make-up-credit-settings: every field, as the form shows them all. */
export const MakeUpCreditSettingsInput = z.object({
  /** Hours between the cancellation and the session's start; exactly this many still earn. */
  noticeHours: whole(MAKE_UP_LIMITS.noticeHours),
  /** Credits a customer may earn for the sessions of one local month; 0 turns credits off. */
  monthlyLimit: whole(MAKE_UP_LIMITS.monthlyLimit),
  validity: z.enum(CREDIT_VALIDITIES, V.required),
  /** Used when `validity` is DAYS; kept otherwise so switching back restores it. */
  validityDays: whole(MAKE_UP_LIMITS.validityDays),
  /** Whether cancelling a make-up earns a credit again. */
  allowMakeUpOfMakeUp: z.boolean(V.required),
  /** The portal stops booking a class this many hours before it starts (staff still can). */
  portalBookingHours: whole(MAKE_UP_LIMITS.portalBookingHours).optional(),
  /** Optional, like the field above, so a client written before the portal keeps the stored choice. */
  portalMakeUpScope: z.enum(PORTAL_MAKE_UP_SCOPES, V.required).optional(),
});
export type MakeUpCreditSettingsValues = z.infer<typeof MakeUpCreditSettingsInput>;
export const MakeUpCreditSettings = MakeUpCreditSettingsInput.required();
export type MakeUpCreditSettings = z.infer<typeof MakeUpCreditSettings>;

/** What studios write in their contracts most often: 24 h notice, 2 a month, until the end of next month. */
export const DEFAULT_MAKE_UP_CREDIT_SETTINGS: MakeUpCreditSettings = {
  noticeHours: 24,
  monthlyLimit: 2,
  validity: 'END_OF_NEXT_MONTH',
  validityDays: 30,
  allowMakeUpOfMakeUp: false,
  portalBookingHours: 2,
  portalMakeUpScope: 'SAME_ESTABLISHMENT',
};

/**
 * Why a cancellation earned nothing, in the order they are checked: a place that no enrollment or credit
 * paid for (a trial, a special event), a make-up while make-ups of make-ups are off, a date the
 * establishment gives no credit for, too little notice, the month's credits already earned.
 */
export const NO_CREDIT_REASONS = [
  'NOT_ENROLLED',
  'MAKE_UP_OF_MAKE_UP',
  'NO_CREDIT_DATE',
  'SHORT_NOTICE',
  'MONTHLY_LIMIT',
] as const;
export type NoCreditReason = (typeof NO_CREDIT_REASONS)[number];

/** ENROLLED: the enrollment put them there; MAKE_UP: a credit paid for it; OTHER: added without one. */
export type PlaceKind = 'ENROLLED' | 'MAKE_UP' | 'OTHER';

export type Cancellation = {
  canceledAt: Date;
  /** The session's local date and start time in the organization's zone. */
  session: { date: string; startTime: string; timeZone: string };
  place: PlaceKind;
  /** Credits the customer already earned for sessions of the same local month (returned ones not counted). */
  earnedInMonth: number;
  /** The session's date is one of its establishment's no-credit dates. */
  isNoCreditDate: boolean;
};

export type CreditDecision = { earns: true; expiresOn: string } | { earns: false; reason: NoCreditReason };

const HOUR_MS = 3_600_000;

/** At least `noticeHours` before the start: exactly 24 h before a session still counts as 24 h notice. */
export function hasNotice(canceledAt: Date, startsAt: Date, noticeHours: number): boolean {
  return startsAt.getTime() - canceledAt.getTime() >= noticeHours * HOUR_MS;
}

/** Whether cancelling this place earns a credit, and until when; otherwise the first reason it does not. */
export function decideCancellationCredit(
  settings: MakeUpCreditSettings,
  cancellation: Cancellation,
): CreditDecision {
  const { session } = cancellation;
  if (cancellation.place === 'OTHER') return { earns: false, reason: 'NOT_ENROLLED' };
  if (cancellation.place === 'MAKE_UP' && !settings.allowMakeUpOfMakeUp)
    return { earns: false, reason: 'MAKE_UP_OF_MAKE_UP' };
  if (cancellation.isNoCreditDate) return { earns: false, reason: 'NO_CREDIT_DATE' };
  const startsAt = sessionInstant(session.date, session.startTime, session.timeZone);
  if (!hasNotice(cancellation.canceledAt, startsAt, settings.noticeHours))
    return { earns: false, reason: 'SHORT_NOTICE' };
  if (cancellation.earnedInMonth >= settings.monthlyLimit) return { earns: false, reason: 'MONTHLY_LIMIT' };
  return { earns: true, expiresOn: creditExpiresOn(settings, session.date) };
}

/** The first and last local dates of the month a session date falls in: the monthly limit's window. */
export function monthOf(date: string): { from: string; to: string } {
  const from = firstOfMonth(date);
  return { from, to: addDays(addMonths(from, 1), -1) };
}

/** The last day a credit can be used, inclusive, as a local date of the organization. */
export function creditExpiresOn(settings: MakeUpCreditSettings, sessionDate: string): string {
  if (settings.validity === 'DAYS') return addDays(sessionDate, settings.validityDays);
  return addDays(addMonths(firstOfMonth(sessionDate), 2), -1);
}

export const CREDIT_STATES = ['AVAILABLE', 'USED', 'EXPIRED'] as const;
export type CreditState = (typeof CREDIT_STATES)[number];

type HeldCredit = { id: string; earnedAt: Date | string; expiresOn: string; usedAt: Date | string | null };

/** USED once spent; EXPIRED from the day after `expiresOn` (`today` in the organization's zone). */
export function creditState(credit: HeldCredit, today: string): CreditState {
  if (credit.usedAt !== null) return 'USED';
  return credit.expiresOn < today ? 'EXPIRED' : 'AVAILABLE';
}

/** A credit pays for a session on `sessionDate` if unused and valid both today and on that date. */
export function canPayFor(credit: HeldCredit, sessionDate: string, today: string): boolean {
  return creditState(credit, today) === 'AVAILABLE' && sessionDate <= credit.expiresOn;
}

const instant = (value: Date | string) => new Date(value).getTime();

/** The credit a make-up booking spends: the oldest valid one (earned first; then the id, for a stable pick). */
export function creditToSpend<Credit extends HeldCredit>(
  credits: readonly Credit[],
  sessionDate: string,
  today: string,
): Credit | null {
  const valid = credits.filter((credit) => canPayFor(credit, sessionDate, today));
  valid.sort((a, b) => instant(a.earnedAt) - instant(b.earnedAt) || (a.id < b.id ? -1 : 1));
  return valid[0] ?? null;
}

/**
 * "A schedule the plan allows" (decision 023): a group class at an establishment where the customer has an
 * ACTIVE enrollment. Individual sessions are booked one to one, never as a make-up.
 */
export function allowsMakeUp(
  session: { type: ScheduleType; establishmentId: string },
  activeEnrollmentEstablishmentIds: readonly string[],
): boolean {
  return session.type === 'GROUP' && activeEnrollmentEstablishmentIds.includes(session.establishmentId);
}
