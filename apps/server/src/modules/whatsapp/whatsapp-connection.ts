import { randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError, type ValidationIssue } from '@reformer/domain/errors';
import { translate } from '@reformer/domain/i18n';
import enUS from '@reformer/domain/i18n/en_US.json' with { type: 'json' };
import {
  TRANSIENT_WHATSAPP_FAILURES,
  type WhatsAppConnection,
  type WhatsAppConnectionValues,
  type WhatsAppSettings,
} from '@reformer/domain/whatsapp';
import type { Database, Transaction } from '../../db/client.ts';
import type { WhatsAppClient } from '../../integrations/whatsapp/whatsapp-client.ts';
import { isWhatsAppError } from '../../integrations/whatsapp/whatsapp-error.ts';
import { sealContext } from '../../lib/sealed-columns.ts';
import { type SecretBox, SecretBoxError } from '../../lib/secret-box.ts';
import * as repository from './whatsapp.repository.ts';
import { type WhatsAppGateway, withWhatsAppClient } from './whatsapp-gateway.ts';

const TABLE = 'whatsapp_connections';
type Column = Parameters<typeof sealContext<typeof TABLE>>[1];

export type WhatsAppDeps = {
  db: Database | Transaction;
  secretBox: SecretBox | null;
  whatsapp: WhatsAppGateway;
  /** WHATSAPP_WEBHOOK_URL, else PUBLIC_URL. */
  webhookBaseUrl: string;
};

export function seal(box: SecretBox, column: Column, organizationId: string, value: string) {
  return box.seal(value, sealContext(TABLE, column, organizationId));
}

/** Opens one sealed value; one that does not open with this server's key is WHATSAPP_SECRETS_UNREADABLE. */
export function unseal(box: SecretBox, column: Column, row: repository.ConnectionRow): string {
  const sealed = {
    access_token_sealed: row.accessTokenSealed,
    app_secret_sealed: row.appSecretSealed,
    webhook_secret_sealed: row.webhookSecretSealed,
  }[column];
  try {
    return box.open(sealed, sealContext(TABLE, column, row.organizationId)).toString('utf8');
  } catch (error) {
    if (error instanceof SecretBoxError) throw new AppError('WHATSAPP_SECRETS_UNREADABLE');
    throw error;
  }
}

/** Without SECRETS_KEY on a PostgreSQL server nothing secret can be written (lib/secret-box.ts). */
export function requireBox(box: SecretBox | null): SecretBox {
  if (!box) throw new AppError('WHATSAPP_SECRETS_KEY_MISSING');
  return box;
}

/** Constant time, so the answer's timing tells nothing of how much of a secret was right. */
export function sameSecret(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Meta's refusal or failure as our answer: 503 when a retry may cure it, 409 when the studio must act. */
export function asAppError(error: unknown): unknown {
  if (!isWhatsAppError(error)) return error;
  const details = {
    failure: error.code,
    ...(error.details.metaCode ? { metaCode: error.details.metaCode } : {}),
  };
  return TRANSIENT_WHATSAPP_FAILURES.includes(error.code)
    ? new AppError('WHATSAPP_UNAVAILABLE', error.message, details)
    : new AppError('WHATSAPP_REFUSED', error.message, details);
}

export function toConnection(row: repository.ConnectionRow): WhatsAppConnection {
  return {
    apiBaseUrl: row.apiBaseUrl,
    phoneNumberId: row.phoneNumberId,
    wabaId: row.wabaId,
    accessToken: { isSet: true },
    appSecret: { isSet: true },
    displayPhoneNumber: row.displayPhoneNumber,
    verifiedName: row.verifiedName,
    messagingTier: row.messagingTier,
    webhookRegisteredAt: row.webhookRegisteredAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getSettings(deps: WhatsAppDeps, organizationId: string): Promise<WhatsAppSettings> {
  const row = await repository.findConnection(deps.db, organizationId);
  return { canStoreSecrets: deps.secretBox !== null, connection: row ? toConnection(row) : null };
}

function requiredField(path: string): never {
  const issue: ValidationIssue = {
    path,
    key: 'validation.required',
    message: translate(enUS, 'validation.required'),
  };
  throw new AppError('VALIDATION_FAILED', undefined, [issue]);
}

/** The connection of the organization, found or 404. */
export async function requireConnection(deps: WhatsAppDeps, organizationId: string, forUpdate = false) {
  const row = await repository.findConnection(deps.db, organizationId, { forUpdate });
  if (!row) throw new AppError('WHATSAPP_CONNECTION_NOT_FOUND');
  return row;
}

/** A client of the organization's number for one piece of work; Meta's failures become our answers. */
export async function withConnectionClient<T>(
  deps: WhatsAppDeps,
  row: repository.ConnectionRow,
  work: (client: WhatsAppClient) => Promise<T>,
): Promise<T> {
  const box = requireBox(deps.secretBox);
  const connection = {
    apiBaseUrl: row.apiBaseUrl,
    phoneNumberId: row.phoneNumberId,
    wabaId: row.wabaId,
    accessToken: unseal(box, 'access_token_sealed', row),
  };
  try {
    return await withWhatsAppClient(deps.whatsapp, connection, work);
  } catch (error) {
    throw asAppError(error);
  }
}

/**
 * Connects (or changes) the number. Meta is asked for the number with the credentials first, so a wrong token
 * or id is refused before anything is stored, and the screen shows the number Meta knows. A secret left empty
 * keeps the stored one; the webhook secret is made once and kept.
 */
export async function saveConnection(
  deps: WhatsAppDeps,
  organizationId: string,
  values: WhatsAppConnectionValues,
  now: Date,
): Promise<{ settings: WhatsAppSettings; isNew: boolean; changed: string[] }> {
  const box = requireBox(deps.secretBox);
  const existing = await repository.findConnection(deps.db, organizationId, { forUpdate: true });
  const accessToken =
    values.accessToken ??
    (existing ? unseal(box, 'access_token_sealed', existing) : requiredField('accessToken'));
  const appSecret =
    values.appSecret ?? (existing ? unseal(box, 'app_secret_sealed', existing) : requiredField('appSecret'));
  const connection = { ...values, accessToken };
  const phone = await withWhatsAppClient(deps.whatsapp, connection, (client) =>
    client.readPhoneNumber(),
  ).catch((error: unknown) => {
    // Whatever went wrong, the studio's input did not give a working connection: 409, the failure says why
    // (an address that does not answer is theirs to check, as a refused token is).
    if (!isWhatsAppError(error)) throw error;
    throw new AppError('WHATSAPP_REFUSED', error.message, { failure: error.code });
  });
  const sameNumber = existing?.phoneNumberId === values.phoneNumberId && existing.wabaId === values.wabaId;
  await repository.saveConnection(deps.db, organizationId, {
    apiBaseUrl: values.apiBaseUrl,
    phoneNumberId: values.phoneNumberId,
    wabaId: values.wabaId,
    accessTokenSealed: seal(box, 'access_token_sealed', organizationId, accessToken),
    appSecretSealed: seal(box, 'app_secret_sealed', organizationId, appSecret),
    webhookSecretSealed:
      existing?.webhookSecretSealed ??
      seal(box, 'webhook_secret_sealed', organizationId, randomBytes(24).toString('base64url')),
    displayPhoneNumber: phone.displayPhoneNumber,
    verifiedName: phone.verifiedName,
    messagingTier: phone.messagingTier,
    // Another number or account has not been told our URL yet.
    webhookRegisteredAt: sameNumber ? (existing?.webhookRegisteredAt ?? null) : null,
    updatedAt: now,
  });
  const changed = [
    ...(['apiBaseUrl', 'phoneNumberId', 'wabaId'] as const).filter(
      (field) => existing?.[field] !== values[field],
    ),
    ...(values.accessToken ? ['accessToken'] : []),
    ...(values.appSecret ? ['appSecret'] : []),
  ];
  return { settings: await getSettings(deps, organizationId), isNew: existing === null, changed };
}

export async function disconnect(deps: WhatsAppDeps, organizationId: string): Promise<void> {
  await requireConnection(deps, organizationId, true);
  await repository.deleteConnection(deps.db, organizationId);
}

/** Our webhook URL for the organization; its last segment is the secret that is also the verify token. */
export function webhookUrlOf(deps: WhatsAppDeps, row: repository.ConnectionRow, secret: string): string {
  return `${deps.webhookBaseUrl}/api/whatsapp-webhooks/${row.organizationId}/${secret}`;
}

/**
 * Tells Meta to send this business account's webhooks to us. Meta calls the URL with its verification
 * handshake first (our GET route answers it), and refuses the URL otherwise (WHATSAPP_WEBHOOK_NOT_VERIFIED).
 */
export async function registerWebhook(deps: WhatsAppDeps, organizationId: string, now: Date) {
  const row = await requireConnection(deps, organizationId, true);
  const secret = unseal(requireBox(deps.secretBox), 'webhook_secret_sealed', row);
  await withConnectionClient(deps, row, (client) =>
    client.subscribeWebhooks(webhookUrlOf(deps, row, secret), secret),
  );
  await repository.markWebhookRegistered(deps.db, organizationId, now);
  return getSettings(deps, organizationId);
}
