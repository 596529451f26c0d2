import {
  type ConsentKind,
  canWithdrawOn,
  isMinorOn,
  isSameCpf,
  type PortalContract,
  type SignContractValues,
  withdrawalDeadline,
} from '@reformer/domain/contracts';
import { normalizeCpf } from '@reformer/domain/cpf';
import { AppError } from '@reformer/domain/errors';
import { todayIn } from '@reformer/domain/time-zones';
import { v7 as uuidv7 } from 'uuid';
import { isUuid } from '../../auth/access.ts';
import type { Transaction } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { type PortalCustomer, type PortalDeps, underPortalSession } from '../portal/portal-access.ts';
import { withdrawSignature } from './contract-withdrawal.ts';
import * as repository from './contracts.repository.ts';
import { readConsents, sha256Of } from './contracts.service.ts';

/**
 * The contract, the customer's side (decision 043), each as the cookie's customer under the organization's
 * wall: read the latest terms, sign them (evidence kept), withdraw within seven days, give or revoke consents.
 */

/** The whole header, as evidence; bounded, since it is the client's to make as long as it likes. */
const USER_AGENT_MAX = 512;

const keyOf = (customer: PortalCustomer) => ({
  organizationId: customer.organizationId,
  customerId: customer.customerId,
});

async function readContract(tx: Transaction, customer: PortalCustomer, now: Date): Promise<PortalContract> {
  const key = keyOf(customer);
  const found = await repository.findCustomerOnTheBooks(tx, key);
  if (!found) throw new AppError('PORTAL_SESSION_REQUIRED');
  const today = todayIn(found.timeZone, now);
  const [version, signatures, consents] = await Promise.all([
    repository.findLatestVersion(tx, customer.organizationId),
    repository.listSignatures(tx, key),
    readConsents(tx, key),
  ]);
  const latest = signatures[0];
  const hasSignedLatest = signatures.some((row) => row.versionId === version?.id && row.withdrawnAt === null);
  return {
    version: version ? { id: version.id, number: version.number, text: version.text } : null,
    signature: latest
      ? {
          id: latest.id,
          versionNumber: latest.versionNumber,
          signedAt: latest.signedAt.toISOString(),
          withdrawalDeadline: withdrawalDeadline(latest.signedOn),
          canWithdraw: latest.withdrawnAt === null && canWithdrawOn(latest.signedOn, today),
          withdrawnAt: latest.withdrawnAt?.toISOString() ?? null,
        }
      : null,
    needsSignature: version !== null && !hasSignedLatest,
    isMinor: isMinorOn(found.dateOfBirth, today),
    consents,
  };
}

export const viewContract = (deps: PortalDeps, cookie: string | undefined) =>
  underPortalSession(deps, cookie, (tx, customer) => readContract(tx, customer, deps.now));

/**
 * Signs the latest version: the one the customer read (else 409, terms changed meanwhile), with their own
 * name and the CPF on file, or for a minor on file a guardian's name and CPF (LGPD art. 14). The evidence is
 * the text's hash, the instant, the address (the app's client-ip, which respects TRUST_PROXY) and the browser.
 */
export function signContract(
  deps: PortalDeps,
  cookie: string | undefined,
  input: SignContractValues,
  idempotencyKey: string | null,
) {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    const key = keyOf(customer);
    const signer = await repository.lockSigner(tx, key);
    if (!signer) throw new AppError('PORTAL_SESSION_REQUIRED');
    // Under the customer's lock: a double tap's second request finds the first one's signature.
    if (idempotencyKey && (await repository.hasSignatureWithKey(tx, key, idempotencyKey)))
      return readContract(tx, customer, deps.now);
    const version = await repository.findLatestVersion(tx, customer.organizationId);
    if (!version || version.id !== input.versionId) throw new AppError('CONTRACT_VERSION_NOT_CURRENT');
    const signedOn = todayIn(signer.timeZone, deps.now);
    const who = signerOf(input, isMinorOn(signer.dateOfBirth, signedOn), signer);
    const signatures = await repository.listSignatures(tx, key);
    if (signatures.some((row) => row.versionId === version.id && row.withdrawnAt === null))
      throw new AppError('CONTRACT_ALREADY_SIGNED');
    const id = uuidv7();
    const enrollment = await repository.findNewestLiveEnrollment(tx, key);
    await repository.insertSignature(tx, {
      ...key,
      id,
      versionId: version.id,
      // Hashed again from the stored text, not copied from the version's row: the evidence is of what was shown.
      textSha256: sha256Of(version.text),
      signedAt: deps.now,
      signedOn,
      ...who,
      ipAddress: deps.ipAddress,
      userAgent: (deps.userAgent ?? '').slice(0, USER_AGENT_MAX),
      enrollmentId: enrollment?.id ?? null,
      idempotencyKey,
    });
    await recordAudit(tx, {
      organizationId: customer.organizationId,
      actorId: null,
      action: 'contract.signed',
      entityType: 'contract_signature',
      entityId: id,
      ipAddress: deps.ipAddress,
      at: deps.now,
      details: { customerId: customer.customerId, versionNumber: version.number, isGuardian: who.isGuardian },
    });
    return readContract(tx, customer, deps.now);
  });
}

function signerOf(
  input: SignContractValues,
  isMinor: boolean,
  onFile: { idType: string | null; idNumber: string | null },
) {
  if (isMinor) {
    if (!input.guardianName || !input.guardianCpf) throw new AppError('CONTRACT_GUARDIAN_REQUIRED');
    return {
      signerName: input.guardianName,
      signerCpf: normalizeCpf(input.guardianCpf),
      isGuardian: true,
    };
  }
  if (!input.fullName || !input.cpf)
    throw new AppError('VALIDATION_FAILED', 'An adult signs with their own name and CPF');
  const cpfOnFile = onFile.idType === 'CPF' ? onFile.idNumber : null;
  if (cpfOnFile === null) throw new AppError('CONTRACT_CPF_NOT_ON_FILE');
  if (!isSameCpf(input.cpf, cpfOnFile))
    throw new AppError('CONTRACT_CPF_MISMATCH', undefined, { field: 'cpf' });
  return { signerName: input.fullName, signerCpf: normalizeCpf(input.cpf), isGuardian: false };
}

/**
 * CDC art. 49: within seven days of signing (the studio's calendar), the contract ends and is refunded. The
 * enrollment that ended with it runs `enrollmentEnded` once committed — the hook the enrollments' CANCEL and
 * COMPLETE call (Pix Automático's live recurrence is cancelled at the PSP, decision 048).
 */
export async function withdrawContract(
  deps: PortalDeps,
  cookie: string | undefined,
  signatureId: string,
  enrollmentEnded: (organizationId: string, enrollmentId: string) => Promise<void> = async () => {},
) {
  let ended: { organizationId: string; enrollmentId: string } | null = null;
  const contract = await underPortalSession(deps, cookie, async (tx, customer) => {
    const key = keyOf(customer);
    const signature = isUuid(signatureId) ? await repository.lockSignature(tx, key, signatureId) : null;
    if (!signature) throw new AppError('CONTRACT_SIGNATURE_NOT_FOUND');
    const found = await repository.findCustomerOnTheBooks(tx, key);
    if (!found) throw new AppError('PORTAL_SESSION_REQUIRED');
    const today = todayIn(found.timeZone, deps.now);
    if (signature.withdrawnAt !== null || !canWithdrawOn(signature.signedOn, today))
      throw new AppError('CONTRACT_WITHDRAWAL_CLOSED', undefined, {
        deadline: withdrawalDeadline(signature.signedOn),
      });
    await withdrawSignature(tx, { ...key, signature, today, now: deps.now, ipAddress: deps.ipAddress });
    if (signature.enrollmentId)
      ended = { organizationId: key.organizationId, enrollmentId: signature.enrollmentId };
    return readContract(tx, customer, deps.now);
  });
  const committed = ended as { organizationId: string; enrollmentId: string } | null;
  if (committed) await enrollmentEnded(committed.organizationId, committed.enrollmentId);
  return contract;
}

/** Gives or revokes one consent; each answer is kept in the history with its time and address. */
export function setConsent(
  deps: PortalDeps,
  cookie: string | undefined,
  kind: ConsentKind,
  isGiven: boolean,
) {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    const key = keyOf(customer);
    await repository.saveConsent(tx, {
      ...key,
      id: uuidv7(),
      kind,
      isGiven,
      at: deps.now,
      ipAddress: deps.ipAddress,
    });
    await recordAudit(tx, {
      organizationId: customer.organizationId,
      actorId: null,
      action: isGiven ? 'consent.given' : 'consent.refused',
      entityType: 'customer',
      entityId: customer.customerId,
      ipAddress: deps.ipAddress,
      at: deps.now,
      details: { kind },
    });
    return readContract(tx, customer, deps.now);
  });
}
