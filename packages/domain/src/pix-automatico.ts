import { z } from 'zod';
import { billingCycle } from './billing-cycles.ts';
import { addDays, daysBetween } from './calendar-dates.ts';
import { isValidCnpj } from './cnpj.ts';
import type { BillingCycle } from './customer-plans.ts';
import { PixRecurringCharge } from './pix-automatico-charges.ts';
import { V } from './validation.ts';

/**
 * Pix Automático (issue #31; docs/decisions/048): a customer authorizes once in their bank, and each billing
 * cycle is debited by a recurring charge (`cobr`) the studio's PSP schedules. The API Pix's shapes live with the
 * client (apps/server/src/integrations/pix); these are the product's rules. The Central Bank's rules that the
 * YAML does not state are cited where used (Resolução BCB nº 1/2020, Regulamento Pix, as amended for Pix
 * Automático, in force since 16 June 2025).
 */

/** The plan's billing cycle as the recurrence's `periodicidade`. Plans have no weekly cycle (SEMANAL). */
export const PERIODICITY_BY_CYCLE = {
  MONTHLY: 'MENSAL',
  QUARTERLY: 'TRIMESTRAL',
  SEMI_ANNUAL: 'SEMESTRAL',
  ANNUALLY: 'ANUAL',
} as const satisfies Record<BillingCycle, string>;
export type Periodicity = (typeof PERIODICITY_BY_CYCLE)[BillingCycle];

export function periodicityOf(cycle: BillingCycle): Periodicity {
  return PERIODICITY_BY_CYCLE[cycle];
}

/**
 * A cycle's charge goes to the PSP between 10 and 2 days before its due date (the Regulamento Pix's rule for
 * Pix Automático: the receiver sends the payment order 2 to 10 calendar days ahead, so the payer's bank can
 * schedule it and tell the payer). The YAML only says a due date may not be before the charge's creation.
 */
export const CHARGE_WINDOW = { earliestDaysBefore: 10, latestDaysBefore: 2 } as const;

export function chargeWindow(dueDate: string): { opens: string; closes: string } {
  return {
    opens: addDays(dueDate, -CHARGE_WINDOW.earliestDaysBefore),
    closes: addDays(dueDate, -CHARGE_WINDOW.latestDaysBefore),
  };
}

export function isInChargeWindow(dueDate: string, today: string): boolean {
  const ahead = daysBetween(today, dueDate);
  return ahead >= CHARGE_WINDOW.latestDaysBefore && ahead <= CHARGE_WINDOW.earliestDaysBefore;
}

/**
 * The cycles of an enrollment whose charge is due to be sent today: due (on the cycle's first day) inside the
 * window, after the first cycle (paid while authorizing, Jornada 3) and not after the recurrence's end.
 */
export function cyclesToCharge(input: {
  startDate: string;
  months: number;
  today: string;
  endDate?: string | null;
}): { index: number; start: string; end: string }[] {
  const cycles = [];
  for (let index = 1; ; index += 1) {
    const cycle = billingCycle(input.startDate, input.months, index);
    if (daysBetween(input.today, cycle.start) > CHARGE_WINDOW.earliestDaysBefore) return cycles;
    if (input.endDate && cycle.start > input.endDate) return cycles;
    if (isInChargeWindow(cycle.start, input.today)) cycles.push(cycle);
  }
}

/** `politicaRetentativa`: no retries, or up to 3 retries within 7 days after the due date. */
export const RETRY_POLICIES = ['NAO_PERMITE', 'PERMITE_3R_7D'] as const;
export type RetryPolicy = (typeof RETRY_POLICIES)[number];
export const RETRY_LIMIT = { retries: 3, daysAfterDue: 7 } as const;

/**
 * When the next debit of a failed charge may be asked for (`POST /cobr/{txid}/retentativa/{data}`), or null when
 * the policy allows none, the three retries are spent or the seven days after the due date are past: then the
 * cycle falls back to the dynamic PIX charge (decision 030). The date is a future day after the last attempt.
 */
export function nextRetryDate(input: {
  policy: RetryPolicy;
  dueDate: string;
  /** The settlement dates of the attempts so far, the first (on the due date) included. */
  attemptDates: string[];
  today: string;
}): string | null {
  if (input.policy !== 'PERMITE_3R_7D') return null;
  if (input.attemptDates.length - 1 >= RETRY_LIMIT.retries) return null;
  const last = input.attemptDates.reduce((latest, date) => (date > latest ? date : latest), input.dueDate);
  const candidate = addDays(last > input.today ? last : input.today, 1);
  return candidate <= addDays(input.dueDate, RETRY_LIMIT.daysAfterDue) ? candidate : null;
}

/** Our recurrence's state; the PSP's CANCELADA is told apart by who asked (its `encerramento.cancelamento`). */
export const RECURRENCE_STATES = [
  'CREATED',
  'APPROVED',
  'REJECTED',
  'CANCELLED_BY_RECEIVER',
  'CANCELLED_BY_PAYER',
  'EXPIRED',
] as const;
export type RecurrenceState = (typeof RECURRENCE_STATES)[number];

const RECURRENCE_MOVES: Record<RecurrenceState, readonly RecurrenceState[]> = {
  CREATED: ['APPROVED', 'REJECTED', 'CANCELLED_BY_RECEIVER', 'CANCELLED_BY_PAYER', 'EXPIRED'],
  APPROVED: ['CANCELLED_BY_RECEIVER', 'CANCELLED_BY_PAYER', 'EXPIRED'],
  REJECTED: [],
  CANCELLED_BY_RECEIVER: [],
  CANCELLED_BY_PAYER: [],
  EXPIRED: [],
};

/** Forward only, as pix_charges: a late or repeated notice never takes a recurrence back. */
export function canMoveRecurrence(from: RecurrenceState, to: RecurrenceState): boolean {
  return RECURRENCE_MOVES[from].includes(to);
}

export function isRecurrenceFinal(state: RecurrenceState): boolean {
  return RECURRENCE_MOVES[state].length === 0;
}

/** The PSP's `status` (and, when CANCELADA, who asked) as our state. */
export function recurrenceStateOf(status: string, cancelledBy?: string | null): RecurrenceState | null {
  if (status === 'CANCELADA') {
    const byPayer = cancelledBy === 'USUARIO_PAGADOR' || cancelledBy === 'PSP_PAGADOR';
    return byPayer ? 'CANCELLED_BY_PAYER' : 'CANCELLED_BY_RECEIVER';
  }
  const states: Record<string, RecurrenceState> = {
    CRIADA: 'CREATED',
    APROVADA: 'APPROVED',
    REJEITADA: 'REJECTED',
    EXPIRADA: 'EXPIRED',
  };
  return states[status] ?? null;
}

/** The amount a recurrence states: fixed (`valorRec`) or a floor for the payer's own maximum (`valorMinimoRecebedor`). */
export const AMOUNT_KINDS = ['FIXED', 'FLOOR'] as const;
export type AmountKind = (typeof AMOUNT_KINDS)[number];

/**
 * Whether a cycle's charge of `chargeCents` fits the recurrence: a fixed one only for its amount (a new price
 * needs a new authorization — PATCH /rec cannot change it); a floor one for any amount (the payer's bank holds
 * it to the payer's maximum, not known to us).
 */
export function fitsRecurrence(kind: AmountKind, recurrenceCents: number, chargeCents: number): boolean {
  return chargeCents > 0 && (kind === 'FLOOR' || chargeCents === recurrenceCents);
}

/** Only a company (CNPJ) may receive by Pix Automático; a professional under a CPF keeps the dynamic charges. */
export function canReceivePixAutomatico(receiverDocument: string | null | undefined): boolean {
  return Boolean(receiverDocument) && isValidCnpj(String(receiverDocument));
}

/** `vinculo.contrato` (at most 35 characters): the enrollment's id without its dashes (32 hex digits). */
export function recurrenceContract(enrollmentId: string): string {
  return enrollmentId.replaceAll('-', '').slice(0, 35);
}

const DATE = z.iso.date({ error: V.date });
const PayerBank = z.object({
  ispb: z.string().regex(/^[0-9A-Z]{8}$/, { error: V.format }),
  branch: z.string().regex(/^\d{1,4}$/, { error: V.format }),
  account: z.string().regex(/^[0-9A-Za-z]{1,20}$/, { error: V.format }),
});

/** Staff start Pix Automático for a recurring enrollment. */
export const StartPixAutomaticoInput = z
  .object({
    amountKind: z.enum(AMOUNT_KINDS),
    /** FLOOR only: the studio's floor in cents; FIXED takes the cycle's price. */
    floorCents: z.number().int().positive({ error: V.price }).nullish(),
    endDate: DATE.nullish(),
    retryPolicy: z.enum(RETRY_POLICIES).default('PERMITE_3R_7D'),
    /** The payer's bank, to push the authorization there (`/solicrec`); the QR code needs none. */
    payerBank: PayerBank.nullish(),
  })
  .refine((input) => input.amountKind === 'FIXED' || Boolean(input.floorCents), {
    path: ['floorCents'],
    error: V.required,
  });
export type StartPixAutomaticoInput = z.infer<typeof StartPixAutomaticoInput>;

/** What staff see of an enrollment's Pix Automático: its state, the QR's copy-paste code while it waits. */
export const PixRecurrence = z.object({
  id: z.string(),
  enrollmentId: z.string(),
  /** The PSP's id; null only while the PSP has not answered its creation. */
  idRec: z.string().nullable(),
  state: z.enum(RECURRENCE_STATES),
  amountKind: z.enum(AMOUNT_KINDS),
  /** The fixed amount (`valorRec`) or the floor (`valorMinimoRecebedor`), in cents. */
  amountCents: z.number().int(),
  currency: z.literal('BRL'),
  retryPolicy: z.enum(RETRY_POLICIES),
  periodicity: z.enum(['MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL']),
  /** The first cycle, paid by the QR while authorizing (Jornada 3). */
  firstCycleStart: z.string(),
  firstAmountCents: z.number().int(),
  /** The first recurring charge's due date (`calendario.dataInicial`), and the last one's limit. */
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** The composite QR's copy-paste code (Jornada 3); null once the recurrence is no longer waiting. */
  pixCopiaECola: z.string().nullable(),
  /** Whether the authorization was also pushed to the payer's bank (`/solicrec`). */
  isRequestedAtPayerBank: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Added with the recurring charges (third part): each later cycle's `cobr`, latest cycle first. */
  charges: z.array(PixRecurringCharge),
  /**
   * A FIXED recurrence whose plan price changed: its cycles cannot be debited for the new amount (PATCH /rec
   * cannot change it), they fall back to the dynamic charge until the customer authorizes a new recurrence.
   */
  needsNewAuthorization: z.boolean(),
});
export type PixRecurrence = z.infer<typeof PixRecurrence>;

export const EnrollmentPixRecurrence = z.object({
  /** The approved recurrence while it runs, else the latest (waiting or ended); null if none ever started. */
  recurrence: PixRecurrence.nullable(),
  /**
   * Beside an approved recurrence, its replacement waiting for the payer: a new authorization asked after a
   * plan change; the approved one is cancelled when it is approved (decision 048, fifth part).
   */
  replacement: PixRecurrence.nullable(),
});
export type EnrollmentPixRecurrence = z.infer<typeof EnrollmentPixRecurrence>;

/**
 * The PSP's `webhookrec` callback (`WebhookRecBody`: `recs`, each a `RecNotification`), as far as the product
 * reads it: which recurrence, its status, and who cancelled it. Other fields pass untouched.
 */
export const RecurrenceWebhookBody = z.object({
  recs: z
    .array(
      z.looseObject({
        idRec: z.string().min(1).max(29),
        status: z.enum(['CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA']),
        encerramento: z
          .looseObject({
            cancelamento: z.looseObject({ solicitante: z.string().max(40) }).optional(),
          })
          .optional(),
      }),
    )
    .max(1000),
});
export type RecurrenceWebhookBody = z.infer<typeof RecurrenceWebhookBody>;

/** The states a recurrence may be in for a notice of `to` to move it (forward only). */
export function statesBefore(to: RecurrenceState): RecurrenceState[] {
  return RECURRENCE_STATES.filter((from) => canMoveRecurrence(from, to));
}
