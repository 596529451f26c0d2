import { z } from 'zod';
import { isValidCpf, normalizeCpf } from './cpf.ts';

/**
 * PIX charges with a due date (`cobv`) that the studio's PSP issues for each billing cycle, and the Pix that pay
 * them (issue #26 §3; docs/decisions/030). The API Pix shapes themselves live with the client
 * (apps/server/src/integrations/pix); these are the product's rules and the API's answers.
 */

/**
 * PENDING: our row exists, the PSP has not confirmed it yet (the next run PUTs it again under the same txid);
 * ACTIVE: payable; PAID: a Pix paid it; REMOVED: we removed it at the PSP (the cycle was paid another way, or
 * the enrollment stopped); REFUSED: the PSP refused it (the reason is kept, staff are told).
 */
export const PIX_CHARGE_STATUSES = ['PENDING', 'ACTIVE', 'PAID', 'REMOVED', 'REFUSED'] as const;
export type PixChargeStatus = (typeof PIX_CHARGE_STATUSES)[number];

export const PixCharge = z.object({
  txid: z.string(),
  /** A billing cycle's charge: its enrollment and cycle start; a pack's: its purchase (decision 029). */
  enrollmentId: z.string().nullable(),
  cycleStart: z.string().nullable(),
  purchaseId: z.string().nullable(),
  dueDate: z.string(),
  amountCents: z.number().int(),
  status: z.enum(PIX_CHARGE_STATUSES),
  /** The "copia e cola" text of the PSP's dynamic BR Code; its QR code carries the same text. */
  brCode: z.string().nullable(),
  /** Why the PSP refused it, in its own words (a REFUSED charge). */
  failure: z.string().nullable(),
  createdAt: z.string(),
});
export type PixCharge = z.infer<typeof PixCharge>;

/**
 * The PSP's charges of one customer and, when they have no valid CPF, that the PSP cannot be given a payer
 * (a `cobv` needs the payer's CPF or CNPJ and name): staff are asked for it, and the static BR Code stays.
 */
export const CustomerPixCharges = z.object({
  isPspConnected: z.boolean(),
  /** The demo's local PSP runs (PIX_PSP=sandbox): a charge can be "paid" from the screen. */
  isSandbox: z.boolean(),
  needsPayerDocument: z.boolean(),
  charges: z.array(PixCharge),
});
export type CustomerPixCharges = z.infer<typeof CustomerPixCharges>;

/** The payer of a charge: a customer with a valid CPF, else none (no charge can be issued). */
export function chargePayer(customer: {
  idType: string | null;
  idNumber: string | null;
  firstName: string;
  lastName: string;
}): { cpf: string; name: string } | null {
  if (customer.idType !== 'CPF' || !customer.idNumber || !isValidCpf(customer.idNumber)) return null;
  // The API Pix's `nome` is at most 200 characters.
  const name = `${customer.firstName} ${customer.lastName}`.trim().slice(0, 200);
  return { cpf: normalizeCpf(customer.idNumber), name };
}

/**
 * How a Pix that paid a charge changes what its cycle owes, from the PSP's breakdown of the amount
 * (`componentesValor`): the late fine and interest are owed on top, an early-payment discount or a rebate
 * comes off — so a charge paid with its discount pays its cycle, and one paid late with its fine does not
 * leave the fine as the customer's credit. In cents, signed.
 */
export function cycleAdjustmentCents(components: Partial<Record<string, number>>): number {
  const part = (name: string) => components[name] ?? 0;
  return part('juros') + part('multa') - part('desconto') - part('abatimento');
}

/** `PixWebhookBody` of the API Pix: what the PSP posts to the registered URL + "/pix". */
const Amount = z.string().regex(/^\d{1,10}\.\d{2}$/);
const ReceivedPixRefund = z.object({
  id: z.string().min(1).max(35),
  rtrId: z.string().max(32).optional(),
  valor: Amount,
  status: z.enum(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
});
export const ReceivedPix = z.object({
  endToEndId: z.string().regex(/^[a-zA-Z0-9]{32}$/),
  txid: z
    .string()
    .regex(/^[a-zA-Z0-9]{1,35}$/)
    .optional(),
  valor: Amount,
  componentesValor: z.record(z.string(), z.object({ valor: Amount }).loose()).optional(),
  chave: z.string().max(77).optional(),
  horario: z.iso.datetime({ offset: true }),
  infoPagador: z.string().max(140).optional(),
  devolucoes: z.array(ReceivedPixRefund.loose()).optional(),
});
export type ReceivedPix = z.infer<typeof ReceivedPix>;
export const PixWebhookBody = z.object({ pix: z.array(ReceivedPix.loose()).min(1).max(1000) });

/** The webhook as the PSP has it registered for the studio's key, and the URL Reformer would register. */
export const PixWebhookRegistration = z.object({
  /** What the PSP has for the key now (another system's URL, ours, or nothing). */
  registeredUrl: z.string().nullable(),
  /** True when the registered URL is this organization's current one. */
  isOurs: z.boolean(),
});
export type PixWebhookRegistration = z.infer<typeof PixWebhookRegistration>;

/**
 * PUT /pix-psp/webhook: register our URL for the key. `replaceUrl` must repeat the URL the PSP has now when
 * there is one of another system's: replacing it is the studio's decision, taken knowing which.
 */
export const RegisterPixWebhookInput = z.object({ replaceUrl: z.string().max(500).nullish() });
export type RegisterPixWebhookInput = z.input<typeof RegisterPixWebhookInput>;

/** GET /pix-psp/sandbox: whether the server runs the demo's local PSP, which "Connect the sandbox" saves. */
export const PixSandboxAvailability = z.object({ isAvailable: z.boolean() });
export type PixSandboxAvailability = z.infer<typeof PixSandboxAvailability>;

/** How far back reconciliation reads `GET /pix` when it has never run, and how much each run overlaps. */
export const RECONCILIATION = { firstLookBackDays: 5, overlapMinutes: 10 } as const;

/** A refund through the PSP may be asked for up to 90 days after the Pix (API Pix, `devolucao`). */
export const PIX_REFUND_WINDOW_DAYS = 90;
