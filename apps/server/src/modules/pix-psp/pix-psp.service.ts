import { randomBytes } from 'node:crypto';
import { AppError, type ValidationIssue } from '@reformer/domain/errors';
import { translate } from '@reformer/domain/i18n';
import enUS from '@reformer/domain/i18n/en_US.json' with { type: 'json' };
import {
  basisPointsToPercent,
  type PspConnection,
  type PspConnectionValues,
  type PspSettings,
  percentToBasisPoints,
  presetDetails,
} from '@reformer/domain/pix-psp';
import type { Database } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { sealContext } from '../../lib/sealed-columns.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import * as repository from './pix-psp.repository.ts';
import { type PspCertificate, readPspCertificate } from './psp-certificate.ts';

const TABLE = 'pix_psp_connections';
type Column = Parameters<typeof sealContext<typeof TABLE>>[1];

function seal(box: SecretBox, column: Column, organizationId: string, value: string | Buffer) {
  return box.seal(value, sealContext(TABLE, column, organizationId));
}

/** Without SECRETS_KEY on a PostgreSQL server nothing secret can be written (lib/secret-box.ts). */
function requireBox(box: SecretBox | null): SecretBox {
  if (!box) throw new AppError('PSP_SECRETS_KEY_MISSING');
  return box;
}

function requiredField(path: string): never {
  const issue: ValidationIssue = {
    path,
    key: 'validation.required',
    message: translate(enUS, 'validation.required'),
  };
  throw new AppError('VALIDATION_FAILED', undefined, [issue]);
}

/** A new path secret for the PSP's webhook URL: 192 random bits. */
function newWebhookSecret(): string {
  return randomBytes(24).toString('base64url');
}

function receiverOf(row: repository.PspConnectionRow): PspConnection['receiver'] {
  if (row.receiverCnpj === null || row.receiverAccount === null || row.receiverAccountType === null)
    return null;
  return {
    cnpj: row.receiverCnpj,
    branch: row.receiverBranch,
    account: row.receiverAccount,
    accountType: row.receiverAccountType,
  };
}

export function toPspConnection(row: repository.PspConnectionRow): PspConnection {
  const hasDiscount = row.discountBasisPoints !== null && row.discountDaysBefore !== null;
  return {
    preset: row.preset,
    environment: row.environment,
    baseUrl: row.baseUrl,
    tokenUrl: row.tokenUrl,
    scopes: row.scopes,
    clientId: row.clientId,
    clientSecret: { isSet: row.clientSecretSealed !== null },
    certificate: {
      format: row.certificateFormat,
      subject: row.certificateSubject,
      expiresAt: row.certificateExpiresAt.toISOString(),
      isPasswordSet: row.certificatePasswordSealed !== null,
    },
    extras: row.extras,
    pixKey: row.pixKey,
    chargeDaysAhead: row.chargeDaysAhead,
    finePercent: basisPointsToPercent(row.fineBasisPoints),
    interestPercentMonthly: basisPointsToPercent(row.interestBasisPointsMonthly),
    discount: hasDiscount
      ? {
          percent: basisPointsToPercent(row.discountBasisPoints ?? 0),
          daysBefore: row.discountDaysBefore ?? 0,
        }
      : null,
    receiver: receiverOf(row),
    webhookSecretRotatedAt: row.webhookSecretRotatedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getPspSettings(
  db: Database,
  box: SecretBox | null,
  access: OrgAccess,
): Promise<PspSettings> {
  const row = await repository.findConnection(db, access.organizationId);
  return { canStoreSecrets: box !== null, connection: row ? toPspConnection(row) : null };
}

/** The sealed certificate columns: a new certificate's, or the stored ones kept. */
function certificateColumns(
  box: SecretBox,
  organizationId: string,
  certificate: PspCertificate | null,
  existing: repository.PspConnectionRow | null,
) {
  if (certificate)
    return {
      certificateFormat: certificate.format,
      certificateSealed: seal(box, 'certificate_sealed', organizationId, certificate.material),
      certificatePasswordSealed: certificate.password
        ? seal(box, 'certificate_password_sealed', organizationId, certificate.password)
        : null,
      certificateSubject: certificate.subject,
      certificateExpiresAt: certificate.expiresAt,
    };
  if (!existing) return requiredField('certificate');
  return {
    certificateFormat: existing.certificateFormat,
    certificateSealed: existing.certificateSealed,
    certificatePasswordSealed: existing.certificatePasswordSealed,
    certificateSubject: existing.certificateSubject,
    certificateExpiresAt: existing.certificateExpiresAt,
  };
}

/** The client secret's column: a new one sealed, the stored one kept, or none for a PSP without one. */
function clientSecretColumn(
  box: SecretBox,
  organizationId: string,
  values: PspConnectionValues,
  existing: repository.PspConnectionRow | null,
): string | null {
  if (!presetDetails(values.preset).hasClientSecret) return null;
  if (values.clientSecret) return seal(box, 'client_secret_sealed', organizationId, values.clientSecret);
  return existing?.clientSecretSealed ?? requiredField('clientSecret');
}

/** Names of what a save changed, for the audit log: field names only, never a value (a PIX key may be a CPF). */
function changedFields(before: PspConnection | null, after: PspConnection, values: PspConnectionValues) {
  if (!before)
    return Object.keys(after).filter((field) => field !== 'updatedAt' && field !== 'webhookSecretRotatedAt');
  const changed = (Object.keys(after) as (keyof PspConnection)[]).filter(
    (field) =>
      !['updatedAt', 'webhookSecretRotatedAt', 'clientSecret', 'certificate'].includes(field) &&
      JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  if (values.clientSecret || before.clientSecret.isSet !== after.clientSecret.isSet)
    changed.push('clientSecret');
  if (values.certificate) changed.push('certificate');
  return changed;
}

/**
 * Saves the whole connection. A secret left empty keeps the stored one; a first save needs the client secret
 * (when the PSP has one) and the certificate. The certificate is opened as the client will open it
 * (psp-certificate.ts) before anything is stored, and only its subject and expiry are kept in the clear.
 */
export async function savePspConnection(
  db: Database,
  secretBox: SecretBox | null,
  access: OrgAccess,
  values: PspConnectionValues,
  actor: Actor,
): Promise<PspSettings> {
  const box = requireBox(secretBox);
  const { organizationId } = access;
  const existing = await repository.findConnection(db, organizationId, { forUpdate: true });
  const certificate = values.certificate ? readPspCertificate(values.certificate, actor.now) : null;
  const write: repository.PspConnectionWrite = {
    preset: values.preset,
    environment: values.environment,
    baseUrl: values.baseUrl,
    tokenUrl: values.tokenUrl,
    scopes: values.scopes,
    clientId: values.clientId,
    clientSecretSealed: clientSecretColumn(box, organizationId, values, existing),
    ...certificateColumns(box, organizationId, certificate, existing),
    extras: values.extras,
    pixKey: values.pixKey ?? '',
    chargeDaysAhead: values.chargeDaysAhead,
    fineBasisPoints: percentToBasisPoints(values.finePercent),
    interestBasisPointsMonthly: percentToBasisPoints(values.interestPercentMonthly),
    discountBasisPoints: values.discount ? percentToBasisPoints(values.discount.percent) : null,
    discountDaysBefore: values.discount?.daysBefore ?? null,
    receiverCnpj: values.receiver?.cnpj ?? null,
    receiverBranch: values.receiver?.branch ?? null,
    receiverAccount: values.receiver?.account ?? null,
    receiverAccountType: values.receiver?.accountType ?? null,
    webhookSecretSealed:
      existing?.webhookSecretSealed ?? seal(box, 'webhook_secret_sealed', organizationId, newWebhookSecret()),
    webhookSecretRotatedAt: existing?.webhookSecretRotatedAt ?? actor.now,
    updatedAt: actor.now,
  };
  await repository.saveConnection(db, organizationId, write);
  const saved = await getPspSettings(db, box, access);
  const after = saved.connection as PspConnection;
  await audit(db, access, actor, existing ? 'pix_psp.updated' : 'pix_psp.connected', {
    preset: values.preset,
    environment: values.environment,
    changed: changedFields(existing ? toPspConnection(existing) : null, after, values),
  });
  return saved;
}

export async function disconnectPsp(db: Database, access: OrgAccess, actor: Actor): Promise<void> {
  const existing = await repository.findConnection(db, access.organizationId, { forUpdate: true });
  if (!existing || !(await repository.deleteConnection(db, access.organizationId)))
    throw new AppError('PSP_CONNECTION_NOT_FOUND');
  await audit(db, access, actor, 'pix_psp.disconnected', {
    preset: existing.preset,
    environment: existing.environment,
  });
}

/**
 * A new webhook path secret: the old URL stops being accepted (once the webhook route lands, the connection
 * registers the new URL with the PSP again).
 */
export async function rotateWebhookSecret(
  db: Database,
  secretBox: SecretBox | null,
  access: OrgAccess,
  actor: Actor,
): Promise<PspSettings> {
  const box = requireBox(secretBox);
  const sealed = seal(box, 'webhook_secret_sealed', access.organizationId, newWebhookSecret());
  if (!(await repository.updateWebhookSecret(db, access.organizationId, sealed, actor.now)))
    throw new AppError('PSP_CONNECTION_NOT_FOUND');
  await audit(db, access, actor, 'pix_psp.webhook_secret_rotated', {});
  return getPspSettings(db, box, access);
}

async function audit(db: Database, access: OrgAccess, actor: Actor, action: string, details: object) {
  await recordAudit(db, {
    organizationId: access.organizationId,
    actorId: actor.userId,
    action,
    entityType: 'pix_psp_connection',
    entityId: access.organizationId,
    ipAddress: actor.ipAddress,
    at: actor.now,
    details,
  });
}
