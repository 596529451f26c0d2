import { randomUUID } from 'node:crypto';
import type { MessageKind } from '@reformer/domain/events';
import type { EventWhatsAppStatus } from '@reformer/domain/whatsapp-sending';
import type { TemplateMessage } from '@reformer/domain/whatsapp-template-parameters';
import { WHATSAPP_TEMPLATES } from '@reformer/domain/whatsapp-templates';
import type { Database, Transaction } from '../../db/client.ts';
import * as repository from './whatsapp-sending.repository.ts';

type Reader = Database | Transaction;

/**
 * Whether an automatic message of `kind` to this customer goes through the Cloud API (decision 052): the
 * organization's number is connected, the customer opted in to WhatsApp, and a marketing kind (a birthday) has
 * their MARKETING_MESSAGES consent too (decision 043). Otherwise it keeps the wa.me link in the outbox.
 * Whether Meta approved the template is Meta's to say at send time; a template not approved falls back then.
 */
export async function goesThroughCloudApi(
  tx: Transaction,
  organizationId: string,
  customerId: string,
  kind: MessageKind,
): Promise<boolean> {
  if (!(kind in WHATSAPP_TEMPLATES)) return false;
  const consent = await repository.findCloudApiConsent(tx, organizationId, customerId);
  if (!consent?.isConnected || consent.isOptedIn !== true) return false;
  const { category } = WHATSAPP_TEMPLATES[kind as keyof typeof WHATSAPP_TEMPLATES];
  return category !== 'MARKETING' || consent.marketing === true;
}

/**
 * Queues the event message for the WhatsApp job, in the claim's transaction: it leaves only if that commits,
 * and once, since the send is keyed by its message (which the claim's unique key makes once per customer,
 * occasion and channel).
 */
export async function queueWhatsAppSend(
  tx: Transaction,
  send: {
    organizationId: string;
    eventMessageId: string;
    customerId: string;
    toPhone: string;
    template: TemplateMessage;
    now: Date;
  },
) {
  await repository.insertSend(tx, {
    organizationId: send.organizationId,
    id: randomUUID(),
    eventMessageId: send.eventMessageId,
    customerId: send.customerId,
    templateKind: send.template.kind,
    language: send.template.language,
    parameters: send.template.parameters,
    toPhone: send.toPhone,
    state: 'PENDING',
    nextAttemptAt: send.now,
    createdAt: send.now,
  });
}

/**
 * Where each of these event messages is on WhatsApp, for the screens: waiting its turn (`queued`), Meta's
 * latest status once accepted, or `failed` with the failure when it fell back to the outbox.
 */
export async function whatsAppStatusesOf(
  db: Reader,
  organizationId: string,
  eventMessageIds: string[],
): Promise<Map<string, EventWhatsAppStatus>> {
  const rows = await repository.listSendsOf(db, organizationId, eventMessageIds);
  return new Map(
    rows.map((row): [string, EventWhatsAppStatus] => {
      if (row.state === 'SENT' && row.status && row.statusAt)
        return [
          row.eventMessageId,
          {
            status: row.status,
            errorCode: row.errorCode,
            errorTitle: row.errorTitle,
            at: row.statusAt.toISOString(),
          },
        ];
      const isFailed = row.state === 'FAILED';
      return [
        row.eventMessageId,
        {
          status: isFailed ? 'failed' : 'queued',
          errorCode: row.lastMetaCode,
          errorTitle: row.lastFailure,
          at: row.nextAttemptAt.toISOString(),
        },
      ];
    }),
  );
}
