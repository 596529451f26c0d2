import { z } from 'zod';

/**
 * The recurring charges (`cobr`) of Pix Automático, one per later cycle of an approved recurrence (decision 048,
 * third part): the states of ours, how a PSP notice moves them forward only, and when a cycle falls back to the
 * dynamic charge of decision 030.
 */

/**
 * Our row's state: PENDING (written, the PSP not yet confirmed), ACTIVE (CRIADA/ATIVA at the PSP: a debit
 * scheduled or to be retried), then one final state: PAID (CONCLUIDA), FAILED (REJEITADA, EXPIRADA or no retry
 * may follow), CANCELLED (CANCELADA: the recurrence ended), REFUSED (never sent: the PSP refused it, or the
 * cycle's amount does not fit a fixed recurrence).
 */
export const RECURRING_CHARGE_STATES = [
  'PENDING',
  'ACTIVE',
  'PAID',
  'FAILED',
  'CANCELLED',
  'REFUSED',
] as const;
export type RecurringChargeState = (typeof RECURRING_CHARGE_STATES)[number];

/** Why a cycle of a recurrence is charged by decision 030's dynamic charge instead. */
export const FALLBACK_REASONS = ['AMOUNT_CHANGED', 'DEBIT_FAILED', 'REFUSED'] as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

const ATTEMPT_RANK = {
  SOLICITADA: 0,
  AGENDADA: 1,
  CANCELADA: 2,
  REJEITADA: 2,
  EXPIRADA: 2,
  PAGA: 3,
} as const;
export type AttemptStatus = keyof typeof ATTEMPT_RANK;

/**
 * How far a notice of the charge has got, as one number: notices carry no event id, so the key "applied once"
 * rests on is (txid, attempt, the attempt's status) — more attempts, or the last one further on, is later. A row
 * takes a notice only when its progress is greater than the row's (one conditional update), so a repeated,
 * late or reordered notice, or the same one on two instances, changes nothing. A final status of the charge
 * ranks above every attempt's.
 */
export function chargeProgress(notice: { status: string; tentativas?: { status: string }[] | null }): number {
  const attempts = notice.tentativas ?? [];
  const last = attempts.at(-1);
  const lastRank = last ? (ATTEMPT_RANK[last.status as AttemptStatus] ?? 0) : 0;
  const isFinal = ['CONCLUIDA', 'REJEITADA', 'EXPIRADA', 'CANCELADA'].includes(notice.status);
  return attempts.length * 10 + lastRank + (isFinal ? 1000 : 0);
}

/** The PSP's status of a recurring charge as ours. */
export function recurringChargeStateOf(status: string): RecurringChargeState {
  switch (status) {
    case 'CONCLUIDA':
      return 'PAID';
    case 'REJEITADA':
    case 'EXPIRADA':
      return 'FAILED';
    case 'CANCELADA':
      return 'CANCELLED';
    default:
      return 'ACTIVE';
  }
}

/**
 * What follows a notice: PAID records the payment; an ACTIVE charge whose last attempt was rejected and has none
 * open asks a retry (when the policy and the dates allow one, else it falls back); a FAILED one falls back.
 * CANCELLED (the recurrence ended, by either side) is left: the enrollment's billing goes on without it.
 */
export function nextStepOf(notice: {
  status: string;
  tentativas?: { status: string }[] | null;
}): 'PAY' | 'RETRY' | 'FALL_BACK' | 'NONE' {
  const state = recurringChargeStateOf(notice.status);
  if (state === 'PAID') return 'PAY';
  if (state === 'FAILED') return 'FALL_BACK';
  if (state !== 'ACTIVE') return 'NONE';
  const attempts = notice.tentativas ?? [];
  const isOpen = attempts.some((attempt) => attempt.status === 'SOLICITADA' || attempt.status === 'AGENDADA');
  return !isOpen && attempts.at(-1)?.status === 'REJEITADA' ? 'RETRY' : 'NONE';
}

/**
 * The PSP's `webhookcobr` callback (`WebhookCobRBody`: `cobsr`, each a `CobRNotification`), as far as the
 * product reads it: the charge, its status, its attempts and the Pix that settled it. Other fields pass.
 */
export const RecurringChargeWebhookBody = z.object({
  cobsr: z
    .array(
      z.looseObject({
        idRec: z.string().min(1).max(29),
        txid: z.string().regex(/^[a-zA-Z0-9]{26,35}$/),
        status: z.enum(['CRIADA', 'ATIVA', 'CONCLUIDA', 'EXPIRADA', 'REJEITADA', 'CANCELADA']),
        tentativas: z
          .array(
            z.looseObject({
              dataLiquidacao: z.iso.date(),
              endToEndId: z.string().max(32),
              status: z.enum(['SOLICITADA', 'AGENDADA', 'PAGA', 'CANCELADA', 'REJEITADA', 'EXPIRADA']),
              rejeicao: z.looseObject({ codigo: z.string().max(8) }).optional(),
            }),
          )
          .max(10)
          .optional(),
        pix: z
          .array(
            z.looseObject({
              endToEndId: z.string().max(32),
              txid: z.string().max(35).optional(),
              valor: z.string().regex(/^\d{1,10}\.\d{2}$/),
              horario: z.iso.datetime({ offset: true }),
            }),
          )
          .max(10)
          .optional(),
      }),
    )
    .max(1000),
});
export type RecurringChargeWebhookBody = z.infer<typeof RecurringChargeWebhookBody>;
export type RecurringChargeNotice = RecurringChargeWebhookBody['cobsr'][number];

/** One cycle's recurring charge as staff see it on the enrollment (added to `PixRecurrence`). */
export const PixRecurringCharge = z.object({
  /** The debit's id at the PSP (`cobr` txid): what the studio quotes to its PSP about it. */
  txid: z.string(),
  cycleStart: z.string(),
  dueDate: z.string(),
  amountCents: z.number().int(),
  state: z.enum(RECURRING_CHARGE_STATES),
  /** Debits tried so far (the first on the due date, then each retry). */
  attempts: z.number().int(),
  /** The retry asked for after a failed debit, while it waits. */
  nextRetryDate: z.string().nullable(),
  /** The last rejected debit's code (e.g. AM02, no balance). */
  rejectionCode: z.string().nullable(),
  /** Set when this cycle is charged by a dynamic PIX charge instead (decision 030), with why. */
  fallbackReason: z.enum(FALLBACK_REASONS).nullable(),
  fellBackAt: z.string().nullable(),
});
export type PixRecurringCharge = z.infer<typeof PixRecurringCharge>;
