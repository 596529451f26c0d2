import { z } from 'zod';
import { addDays } from './calendar-dates.ts';
import { isValidCpf, normalizeCpf } from './cpf.ts';
import { V } from './validation.ts';

/**
 * The studio's contract and the customer's LGPD consents (issue #29, decision 043). The studio publishes
 * versions of its terms; the customer signs one in the portal; the evidence (the text's SHA-256, the time,
 * the address, the browser) is kept with the signature. The rules here are pure.
 */

/** LGPD art. 14 and the Civil Code (art. 5): under 18 a person signs through a parent or guardian. */
export const ADULT_AGE = 18;
/** CDC art. 49: a contract made away from the studio (here, online) may be withdrawn within 7 days. */
export const WITHDRAWAL_DAYS = 7;
/** Long enough for any studio's terms; a limit so a body cannot be a novel. */
export const CONTRACT_TEXT_MAX = 100_000;

/** Age in whole years on `today` (both ISO dates): the birthday itself counts as the new year. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** A customer without a birth date on file signs for themselves: the studio vouches for who it enrolled. */
export function isMinorOn(dateOfBirth: string | null, today: string): boolean {
  return dateOfBirth !== null && ageOn(dateOfBirth, today) < ADULT_AGE;
}

/**
 * The last day a withdrawal is accepted: seven days after the day of signing, in the studio's time zone (the
 * day of signing is day 0, so a contract signed on the 1st may be withdrawn up to and including the 8th).
 */
export function withdrawalDeadline(signedOn: string): string {
  return addDays(signedOn, WITHDRAWAL_DAYS);
}

export function canWithdrawOn(signedOn: string, today: string): boolean {
  return today <= withdrawalDeadline(signedOn);
}

/** Two CPFs are the same person's when their digits are, however they were typed. */
export function isSameCpf(typed: string, onFile: string | null): boolean {
  return onFile !== null && normalizeCpf(typed) === normalizeCpf(onFile);
}

export const CONSENT_KINDS = ['MARKETING_MESSAGES', 'IMAGE_USE'] as const;
export const ConsentKind = z.enum(CONSENT_KINDS);
export type ConsentKind = z.infer<typeof ConsentKind>;

const Cpf = z.string(V.required).trim().min(1, V.required).max(20).refine(isValidCpf, V.cpf);
const PersonName = z.string(V.required).trim().min(3, V.required).max(200);

export const PublishContractVersionInput = z.object({
  text: z.string(V.required).trim().min(1, V.required).max(CONTRACT_TEXT_MAX),
});
export type PublishContractVersionValues = z.infer<typeof PublishContractVersionInput>;

/**
 * What the customer sends to sign: the version read (so terms published meanwhile are not signed unseen),
 * the explicit checkbox, and either their own name and CPF or, for a minor, the guardian's.
 */
export const SignContractInput = z
  .object({
    versionId: z.string(V.required).max(100),
    accepted: z.literal(true, V.required),
    fullName: PersonName.optional(),
    cpf: Cpf.optional(),
    guardianName: PersonName.optional(),
    guardianCpf: Cpf.optional(),
  })
  .superRefine((input, context) => {
    const isGuardian = input.guardianName !== undefined || input.guardianCpf !== undefined;
    const needed = isGuardian ? (['guardianName', 'guardianCpf'] as const) : (['fullName', 'cpf'] as const);
    for (const field of needed)
      if (input[field] === undefined)
        context.addIssue({ code: 'custom', path: [field], message: V.required });
  });
export type SignContractValues = z.infer<typeof SignContractInput>;

export const SetConsentInput = z.object({ isGiven: z.boolean() });

export const ContractVersion = z.object({
  id: z.string(),
  number: z.number().int(),
  text: z.string(),
  textSha256: z.string(),
  publishedAt: z.string(),
  publishedByName: z.string().nullable(),
  signatureCount: z.number().int(),
});
export const ContractVersionList = z.object({ versions: z.array(ContractVersion) });
export type ContractVersion = z.infer<typeof ContractVersion>;
export type ContractVersionList = z.infer<typeof ContractVersionList>;

export const ContractWithdrawal = z.object({
  withdrawnAt: z.string(),
  refundedCents: z.number().int(),
  /** Pix refunds asked of the PSP: given back when it says so (decision 030). */
  pspRefundsRequested: z.number().int(),
  canceledEnrollment: z.boolean(),
});

/** The evidence of one signature, as staff print it. */
export const ContractSignature = z.object({
  id: z.string(),
  versionId: z.string(),
  versionNumber: z.number().int(),
  versionText: z.string(),
  textSha256: z.string(),
  signedAt: z.string(),
  signerName: z.string(),
  signerCpf: z.string(),
  isGuardian: z.boolean(),
  ipAddress: z.string(),
  userAgent: z.string(),
  withdrawalDeadline: z.string(),
  withdrawal: ContractWithdrawal.nullable(),
});
export type ContractSignature = z.infer<typeof ContractSignature>;

export const ConsentState = z.object({
  kind: ConsentKind,
  /** Null: never asked. */
  isGiven: z.boolean().nullable(),
  changedAt: z.string().nullable(),
});
export const ConsentChange = z.object({
  id: z.string(),
  kind: ConsentKind,
  isGiven: z.boolean(),
  at: z.string(),
  ipAddress: z.string(),
});

export const CustomerContract = z.object({
  latestVersionNumber: z.number().int().nullable(),
  signatures: z.array(ContractSignature),
  consents: z.array(ConsentState),
  consentHistory: z.array(ConsentChange),
});
export type CustomerContract = z.infer<typeof CustomerContract>;

/** The portal's view: the terms to read, whether they are signed, the withdrawal right, the consents. */
export const PortalContract = z.object({
  version: z.object({ id: z.string(), number: z.number().int(), text: z.string() }).nullable(),
  /** The customer's latest signature (of any version), if any. */
  signature: z
    .object({
      id: z.string(),
      versionNumber: z.number().int(),
      signedAt: z.string(),
      withdrawalDeadline: z.string(),
      canWithdraw: z.boolean(),
      withdrawnAt: z.string().nullable(),
    })
    .nullable(),
  /** A version is published that this customer has not signed (nor withdrawn from). */
  needsSignature: z.boolean(),
  /** Under 18 on file: the guardian signs (LGPD art. 14). */
  isMinor: z.boolean(),
  consents: z.array(ConsentState),
});
export type PortalContract = z.infer<typeof PortalContract>;
