import { createHash } from 'node:crypto';
import {
  CONSENT_KINDS,
  type ContractSignature,
  type ContractVersion,
  type CustomerContract,
  type PublishContractVersionValues,
  withdrawalDeadline,
} from '@reformer/domain/contracts';
import { AppError } from '@reformer/domain/errors';
import { v7 as uuidv7 } from 'uuid';
import { isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import * as repository from './contracts.repository.ts';

/**
 * The contract, staff's side (decision 043): versions of the studio's terms (published with MANAGE_SETTINGS,
 * never edited: a signature points at the exact text), and a customer's signatures with their evidence and
 * their LGPD consents (VIEW_CUSTOMERS).
 */

/** Hex SHA-256 of the text's UTF-8 bytes: what a signature's evidence repeats, checkable by anyone. */
export const sha256Of = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export async function listVersions(db: Database, access: OrgAccess): Promise<ContractVersion[]> {
  const rows = await repository.listVersions(db, access.organizationId);
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() }));
}

/** The next version: the text as typed (trimmed by the schema), numbered after the latest. */
export async function publishVersion(
  db: Database,
  access: OrgAccess,
  input: PublishContractVersionValues,
  actor: Actor,
): Promise<ContractVersion> {
  const { organizationId } = access;
  const id = uuidv7();
  await db.transaction(async (tx) => {
    await repository.lockVersionNumbering(tx, organizationId);
    const latest = await repository.findLatestVersion(tx, organizationId);
    const number = (latest?.number ?? 0) + 1;
    await repository.insertVersion(tx, {
      organizationId,
      id,
      number,
      text: input.text,
      textSha256: sha256Of(input.text),
      publishedAt: actor.now,
      publishedBy: actor.userId,
    });
    await recordAudit(tx, {
      organizationId,
      actorId: actor.userId,
      action: 'contract.version_published',
      entityType: 'contract_version',
      entityId: id,
      ipAddress: actor.ipAddress,
      at: actor.now,
      details: { number },
    });
  });
  const published = (await listVersions(db, access)).find((version) => version.id === id);
  if (!published) throw new AppError('NOT_FOUND');
  return published;
}

export function toSignature(row: repository.SignatureRow): ContractSignature {
  return {
    id: row.id,
    versionId: row.versionId,
    versionNumber: row.versionNumber,
    versionText: row.versionText,
    textSha256: row.textSha256,
    signedAt: row.signedAt.toISOString(),
    signerName: row.signerName,
    signerCpf: row.signerCpf,
    isGuardian: row.isGuardian,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    withdrawalDeadline: withdrawalDeadline(row.signedOn),
    withdrawal: row.withdrawnAt
      ? {
          withdrawnAt: row.withdrawnAt.toISOString(),
          refundedCents: row.refundedCents ?? 0,
          pspRefundsRequested: row.pspRefundsRequested ?? 0,
          canceledEnrollment: row.canceledEnrollment ?? false,
        }
      : null,
  };
}

export async function readConsents(db: Database | Transaction, key: repository.CustomerKey) {
  const rows = await repository.listConsents(db, key);
  return CONSENT_KINDS.map((kind) => {
    const row = rows.find((consent) => consent.kind === kind);
    return { kind, isGiven: row?.isGiven ?? null, changedAt: row?.changedAt.toISOString() ?? null };
  });
}

/** A customer's signatures (with the text each signed, for the printable evidence) and consents. */
export async function getCustomerContract(
  db: Database,
  access: OrgAccess,
  customerId: string,
): Promise<CustomerContract> {
  const key = { organizationId: access.organizationId, customerId };
  const customer = isUuid(customerId) ? await repository.findCustomerOnTheBooks(db, key) : null;
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  return readCustomerContract(db, key);
}

/** The same, for a customer the caller found already (a deleted one too: the data-subject export). */
export async function readCustomerContract(
  db: Database,
  key: repository.CustomerKey,
): Promise<CustomerContract> {
  const [latest, signatures, consents, changes] = await Promise.all([
    repository.findLatestVersion(db, key.organizationId),
    repository.listSignatures(db, key),
    readConsents(db, key),
    repository.listConsentChanges(db, key),
  ]);
  return {
    latestVersionNumber: latest?.number ?? null,
    signatures: signatures.map(toSignature),
    consents,
    consentHistory: changes.map((change) => ({ ...change, at: change.at.toISOString() })),
  };
}
