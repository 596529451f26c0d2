import { z } from 'zod';
import {
  AMOUNT_KINDS,
  EnrollmentPixRecurrence,
  PixRecurrence,
  RECURRENCE_STATES,
  type RecurrenceState,
} from './pix-automatico.ts';
import type { FallbackReason, PixRecurringCharge } from './pix-automatico-charges.ts';

/**
 * What the screens show of Pix Automático (issue #31, decision 048's fourth part): the staff panel of an
 * enrollment, the studio's notices of recurrences the payer's side ended, the portal's authorization QR.
 * Kept apart from `pix-automatico.ts` (the rules of the recurrence itself).
 */

/** Why the organization cannot start one (the server's PIX_AUTOMATICO_UNAVAILABLE `details.reason`). */
export const PIX_AUTOMATICO_UNAVAILABLE_REASONS = ['NO_PSP', 'NO_RECEIVER', 'NOT_BRL'] as const;
export type PixAutomaticoUnavailableReason = (typeof PIX_AUTOMATICO_UNAVAILABLE_REASONS)[number];

/**
 * Whether this enrollment's organization may start one: a PSP whose receiver is a CNPJ with an account, and a
 * plan in reais. Answered beside the recurrence (`startAvailability`), so the panel can say why before the
 * studio fills the form.
 */
export const PixAutomaticoStartAvailability = z.object({
  isAvailable: z.boolean(),
  reason: z.enum(PIX_AUTOMATICO_UNAVAILABLE_REASONS).nullable(),
});
export type PixAutomaticoStartAvailability = z.infer<typeof PixAutomaticoStartAvailability>;

/** The staff read of an enrollment's Pix Automático: its latest recurrence and whether a new one may start. */
export const EnrollmentPixAutomaticoView = EnrollmentPixRecurrence.extend({
  startAvailability: PixAutomaticoStartAvailability,
});
export type EnrollmentPixAutomaticoView = z.infer<typeof EnrollmentPixAutomaticoView>;

/**
 * What the enrollment's panel offers: a live recurrence is always shown (and can be cancelled) even if the
 * receiver was removed since; otherwise the start form — only for an ACTIVE enrollment of an organization that
 * can receive by it — with the last ended one's outcome above it.
 */
type EndedState = Exclude<RecurrenceState, 'CREATED' | 'APPROVED'>;
export type PixAutomaticoPanelView =
  | { kind: 'WAITING' }
  | { kind: 'APPROVED'; newAuthorization: NewAuthorization }
  | { kind: 'UNAVAILABLE'; reason: PixAutomaticoUnavailableReason; lastEnded: EndedState | null }
  | { kind: 'ENROLLMENT_NOT_ACTIVE'; lastEnded: EndedState | null }
  | { kind: 'START'; lastEnded: EndedState | null };

/**
 * An approved recurrence after a plan change: NEEDED when its amount no longer fits (its cycles fall back to PIX
 * charges until the customer authorizes a new one) — offered only to an ACTIVE enrollment of a studio that can
 * still start one; WAITING while that new one waits for the payer.
 */
export type NewAuthorization = 'NOT_NEEDED' | 'NEEDED' | 'WAITING';

export function pixAutomaticoPanelView(input: {
  enrollmentStatus: string;
  view: EnrollmentPixAutomaticoView;
}): PixAutomaticoPanelView {
  const { recurrence, replacement, startAvailability } = input.view;
  const state = recurrence?.state ?? null;
  if (state === 'CREATED') return { kind: 'WAITING' };
  if (state === 'APPROVED') {
    if (replacement) return { kind: 'APPROVED', newAuthorization: 'WAITING' };
    const canStart = startAvailability.isAvailable && input.enrollmentStatus === 'ACTIVE';
    const isNeeded = recurrence?.needsNewAuthorization === true && canStart;
    return { kind: 'APPROVED', newAuthorization: isNeeded ? 'NEEDED' : 'NOT_NEEDED' };
  }
  const lastEnded = state;
  if (!startAvailability.isAvailable)
    return { kind: 'UNAVAILABLE', reason: startAvailability.reason ?? 'NO_PSP', lastEnded };
  if (input.enrollmentStatus !== 'ACTIVE') return { kind: 'ENROLLMENT_NOT_ACTIVE', lastEnded };
  return { kind: 'START', lastEnded };
}

/**
 * How one cycle's debit reads on the panel (decision 048, fifth part): what happened to it, with the one date
 * and the one reason that matter. A cycle that fell back to a PIX charge says so whatever its debit's state
 * (the studio needs to know the customer gets a charge to pay); a debit waiting for its retry says when; the
 * last rejection's code goes with a failure or a retry (the codes are the SPI's message catalogue's, which our
 * specification does not list, so the panel shows the code rather than guess its meaning).
 */
export type RecurringChargeLine =
  | { kind: 'SCHEDULED'; date: string; attempts: number }
  | { kind: 'RETRY_SCHEDULED'; date: string; attempts: number; rejectionCode: string | null }
  | { kind: 'PAID'; attempts: number; rejectionCode: string | null }
  | { kind: 'FELL_BACK'; reason: FallbackReason; at: string; rejectionCode: string | null }
  | { kind: 'FAILED'; attempts: number; rejectionCode: string | null }
  | { kind: 'CANCELLED' }
  | { kind: 'REFUSED' };

export function recurringChargeLine(charge: PixRecurringCharge): RecurringChargeLine {
  const { attempts, rejectionCode } = charge;
  if (charge.fallbackReason && charge.fellBackAt)
    return { kind: 'FELL_BACK', reason: charge.fallbackReason, at: charge.fellBackAt, rejectionCode };
  switch (charge.state) {
    case 'PAID':
      // Paid on a retry: the earlier debit's refusal is part of the cycle's history.
      return { kind: 'PAID', attempts, rejectionCode: attempts > 1 ? rejectionCode : null };
    case 'FAILED':
      return { kind: 'FAILED', attempts, rejectionCode };
    case 'CANCELLED':
      return { kind: 'CANCELLED' };
    case 'REFUSED':
      return { kind: 'REFUSED' };
    default:
      return charge.nextRetryDate
        ? { kind: 'RETRY_SCHEDULED', date: charge.nextRetryDate, attempts, rejectionCode }
        : { kind: 'SCHEDULED', date: charge.dueDate, attempts };
  }
}

/** The ends the studio is told of: the payer cancelled in their bank, refused, or let it expire. */
export const ENDED_BY_PAYER_STATES = [
  'CANCELLED_BY_PAYER',
  'REJECTED',
  'EXPIRED',
] as const satisfies readonly RecurrenceState[];
export type EndedByPayerState = (typeof ENDED_BY_PAYER_STATES)[number];

export function isEndedByPayer(state: RecurrenceState): state is EndedByPayerState {
  return (ENDED_BY_PAYER_STATES as readonly RecurrenceState[]).includes(state);
}

/** How far back the dashboard looks for them: a month's cycle, so one cycle's loss is never missed. */
export const PIX_AUTOMATICO_ENDINGS_DAYS = 30;

export const PixAutomaticoEndingsQuery = z.object({
  customerId: z.uuid().optional(),
  days: z.coerce.number().int().min(1).max(365).default(PIX_AUTOMATICO_ENDINGS_DAYS),
});
export type PixAutomaticoEndingsQuery = z.input<typeof PixAutomaticoEndingsQuery>;

/** One recurrence the payer's side ended that no newer recurrence of its enrollment has replaced. */
export const PixAutomaticoEnding = z.object({
  recurrenceId: z.string(),
  enrollmentId: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  planName: z.string(),
  state: z.enum(ENDED_BY_PAYER_STATES),
  endedAt: z.string(),
});
export type PixAutomaticoEnding = z.infer<typeof PixAutomaticoEnding>;

export const PixAutomaticoEndings = z.object({
  days: z.number().int(),
  items: z.array(PixAutomaticoEnding),
});
export type PixAutomaticoEndings = z.infer<typeof PixAutomaticoEndings>;

/**
 * The customer's own live recurrence in the portal: while it waits, the QR that authorizes it and pays the
 * first cycle; once approved, that every cycle is charged by itself.
 */
export const PortalPixRecurrence = z.object({
  enrollmentId: z.string(),
  planName: z.string(),
  state: z.enum(RECURRENCE_STATES),
  amountKind: z.enum(AMOUNT_KINDS),
  amountCents: z.number().int(),
  firstAmountCents: z.number().int(),
  periodicity: PixRecurrence.shape.periodicity,
  startDate: z.string(),
  pixCopiaECola: z.string().nullable(),
});
export type PortalPixRecurrence = z.infer<typeof PortalPixRecurrence>;

/**
 * The OAuth scopes Pix Automático's operations need beside the charges' (the API Pix 2.9.0's `rec`, `solicrec`,
 * `cobr`, `payloadlocationrec`, `webhookrec`, `webhookcobr` and Jornada 3's `cob`): the one list; the
 * server's client asks for it (`PIX_AUTOMATICO_SCOPES` re-exports it). The settings add them to the connection's
 * scopes when the studio turns the CNPJ receiver on, as a PSP that honours `scope` would refuse them otherwise.
 */
export const PIX_AUTOMATICO_SCOPE_LIST = [
  'cob.write',
  'cob.read',
  'rec.write',
  'rec.read',
  'solicrec.write',
  'solicrec.read',
  'cobr.write',
  'cobr.read',
  'payloadlocationrec.write',
  'payloadlocationrec.read',
  'webhookrec.write',
  'webhookrec.read',
  'webhookcobr.write',
  'webhookcobr.read',
] as const;

/** `scopes` (space-separated) with Pix Automático's added, each once, in their order after the ones there. */
export function withPixAutomaticoScopes(scopes: string): string {
  const present = scopes.split(/\s+/).filter(Boolean);
  const missing = PIX_AUTOMATICO_SCOPE_LIST.filter((scope) => !present.includes(scope));
  return [...present, ...missing].join(' ');
}
