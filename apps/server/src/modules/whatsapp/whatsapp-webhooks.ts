import { createHmac } from 'node:crypto';
import { AppError } from '@reformer/domain/errors';
import { isOptOutReply, phonesOfWaId } from '@reformer/domain/whatsapp';
import { WhatsAppWebhookBody, type WhatsAppWebhookOutcome } from '@reformer/domain/whatsapp-webhooks';
import type { Database, Transaction } from '../../db/client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { isUuid } from '../../lib/uuid.ts';
import * as repository from './whatsapp.repository.ts';
import { sameSecret, unseal } from './whatsapp-connection.ts';
import { receiveStatus } from './whatsapp-messages.ts';

type WebhookDeps = { db: Database; secretBox: SecretBox | null };

/**
 * The organization's connection when the path's secret is its webhook secret (constant time); anything else is
 * a 404 that tells nothing, as the PSP's webhook does (decision 030).
 */
async function connectionOf(deps: WebhookDeps, organizationId: string, secret: string) {
  const row =
    deps.secretBox && isUuid(organizationId)
      ? await repository.findConnection(deps.db, organizationId)
      : null;
  if (!row || !deps.secretBox || !sameSecret(secret, unseal(deps.secretBox, 'webhook_secret_sealed', row)))
    throw new AppError('NOT_FOUND');
  return { row, box: deps.secretBox };
}

/**
 * Meta's verification handshake: `hub.mode=subscribe` with our verify token (the path's secret) is answered
 * with `hub.challenge`; any other token is refused (403), so Meta does not accept the URL.
 */
export async function answerHandshake(
  deps: WebhookDeps,
  organizationId: string,
  secret: string,
  query: { mode?: string; verifyToken?: string; challenge?: string },
): Promise<string> {
  await connectionOf(deps, organizationId, secret);
  if (
    query.mode !== 'subscribe' ||
    !query.verifyToken ||
    !sameSecret(query.verifyToken, secret) ||
    !query.challenge
  )
    throw new AppError('FORBIDDEN');
  return query.challenge;
}

/** `X-Hub-Signature-256`: `sha256=` and the hex HMAC-SHA256 of the raw body under the app secret. */
function isSignedBy(rawBody: string, header: string | undefined, appSecret: string): boolean {
  const expected = `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
  return header !== undefined && sameSecret(header.toLowerCase(), expected);
}

function parseBody(rawBody: string): WhatsAppWebhookBody {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The body is not JSON');
  }
  const parsed = WhatsAppWebhookBody.safeParse(json);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Not a WhatsApp webhook body');
  return parsed.data;
}

/**
 * A webhook delivery: its signature is checked against the raw body before anything is read; changes for
 * another phone number (another studio on the same app) are ignored; statuses apply once and forward only; an
 * inbound "SAIR"/"STOP" opts its sender out. All in one transaction: a failure leaves nothing half done, and
 * Meta delivers again.
 */
export async function receiveWebhook(
  deps: WebhookDeps,
  organizationId: string,
  secret: string,
  rawBody: string,
  signature: string | undefined,
  now: Date,
): Promise<WhatsAppWebhookOutcome> {
  const { row, box } = await connectionOf(deps, organizationId, secret);
  if (!isSignedBy(rawBody, signature, unseal(box, 'app_secret_sealed', row))) throw new AppError('FORBIDDEN');
  const body = parseBody(rawBody);
  const outcome: WhatsAppWebhookOutcome = { statuses: 0, optOuts: 0, ignored: 0 };
  await deps.db.transaction(async (tx) => {
    for (const change of body.entry.flatMap((entry) => entry.changes)) {
      const { value } = change;
      if (change.field !== 'messages' || value.metadata?.phone_number_id !== row.phoneNumberId) {
        outcome.ignored += 1;
        continue;
      }
      for (const status of value.statuses ?? []) {
        const error = status.errors?.[0];
        const isNew = await receiveStatus(
          tx,
          organizationId,
          status.id,
          {
            status: status.status,
            at: new Date(Number(status.timestamp) * 1000),
            waId: status.recipient_id ?? null,
            error: error ? { code: error.code, title: error.title ?? error.message ?? '' } : null,
          },
          now,
        );
        if (isNew) outcome.statuses += 1;
      }
      for (const message of value.messages ?? [])
        if (message.text && isOptOutReply(message.text.body))
          outcome.optOuts += await optOut(tx, organizationId, message.from, now);
    }
  });
  return outcome;
}

/** Every customer of this WhatsApp id stops receiving WhatsApp messages (source WEBHOOK). */
async function optOut(tx: Transaction, organizationId: string, waId: string, now: Date): Promise<number> {
  const customerIds = await repository.customersOfWaId(tx, organizationId, waId, phonesOfWaId(waId));
  for (const customerId of customerIds)
    await repository.saveConsent(tx, organizationId, customerId, {
      isOptedIn: false,
      source: 'WEBHOOK',
      changedAt: now,
      waId,
    });
  return customerIds.length;
}
