import { randomUUID } from 'node:crypto';
import {
  isStatusForward,
  WHATSAPP_STATUSES,
  type WhatsAppMessage,
  type WhatsAppStatus,
} from '@reformer/domain/whatsapp';
import type { Transaction } from '../../db/client.ts';
import * as repository from './whatsapp.repository.ts';
import { requireConnection, type WhatsAppDeps, withConnectionClient } from './whatsapp-connection.ts';

/** Meta's sample template, approved on every new business account: what "Test" sends. */
export const TEST_TEMPLATE = { name: 'hello_world', language: 'en_US' } as const;

export function toMessage(row: repository.MessageRow): WhatsAppMessage {
  return {
    id: row.id,
    to: row.toPhone,
    templateName: row.templateName,
    status: row.status,
    errorCode: row.errorCode,
    errorTitle: row.errorTitle,
    sentAt: row.sentAt.toISOString(),
    statusAt: row.statusAt.toISOString(),
  };
}

export type StatusReport = {
  status: WhatsAppStatus;
  at: Date;
  waId: string | null;
  error: { code: number; title: string } | null;
};

/**
 * Applies one status to a message we sent, if it moves it forward (domain `isStatusForward`): late, repeated
 * and reordered webhooks change nothing. The first status naming the recipient stores their `wa_id`.
 */
async function applyStatus(tx: Transaction, message: repository.MessageRow, report: StatusReport) {
  const { organizationId, wamid } = message;
  if (report.waId && !message.waId) {
    await repository.updateMessage(tx, organizationId, wamid, { waId: report.waId });
    if (message.customerId)
      await repository.rememberWaId(tx, organizationId, message.customerId, report.waId);
    message.waId = report.waId;
  }
  if (!isStatusForward(message.status, report.status)) return;
  await repository.updateMessage(tx, organizationId, wamid, {
    status: report.status,
    statusAt: report.at,
    errorCode: report.error?.code ?? null,
    errorTitle: report.error?.title ?? null,
  });
  message.status = report.status;
}

/**
 * A status webhook, under the message's lock: stored once per (message, status), answering whether it was
 * new; applied when the message is ours and known. One that arrives before the sending request committed its message is kept and applied by
 * `recordSentMessage`, which takes the same lock.
 */
export async function receiveStatus(
  tx: Transaction,
  organizationId: string,
  wamid: string,
  report: StatusReport,
  now: Date,
): Promise<boolean> {
  await repository.lockMessage(tx, organizationId, wamid);
  if (
    !(await repository.recordStatus(
      tx,
      organizationId,
      wamid,
      report.status,
      report.at,
      now,
      report.error,
      report.waId,
    ))
  )
    return false;
  const message = await repository.findMessage(tx, organizationId, wamid);
  if (message) await applyStatus(tx, message, report);
  return true;
}

/** Records a message Meta accepted, then applies any status whose webhook came first. */
export async function recordSentMessage(
  tx: Transaction,
  row: Omit<repository.MessageRow, 'id' | 'status' | 'statusAt' | 'errorCode' | 'errorTitle'>,
): Promise<repository.MessageRow> {
  await repository.lockMessage(tx, row.organizationId, row.wamid);
  const message: repository.MessageRow = {
    ...row,
    id: randomUUID(),
    status: 'accepted',
    statusAt: row.sentAt,
    errorCode: null,
    errorTitle: null,
  };
  await repository.insertMessage(tx, message);
  const early = await repository.statusesOf(tx, row.organizationId, row.wamid);
  early.sort((a, b) => WHATSAPP_STATUSES.indexOf(a.status) - WHATSAPP_STATUSES.indexOf(b.status));
  for (const status of early)
    await applyStatus(tx, message, {
      status: status.status,
      at: status.occurredAt,
      waId: null,
      error: status.errorCode === null ? null : { code: status.errorCode, title: status.errorTitle ?? '' },
    });
  return message;
}

/** "Test": Meta's sample template to the number the owner typed (E.164), recorded so its status shows. */
export async function sendTestMessage(
  deps: WhatsAppDeps & { db: Transaction },
  organizationId: string,
  to: string,
  now: Date,
) {
  const row = await requireConnection(deps, organizationId);
  const sent = await withConnectionClient(deps, row, (client) =>
    client.sendTemplate({ to, ...TEST_TEMPLATE }),
  );
  const message = await recordSentMessage(deps.db, {
    organizationId,
    wamid: sent.messageId,
    customerId: null,
    toPhone: to,
    waId: sent.waId,
    templateName: TEST_TEMPLATE.name,
    language: TEST_TEMPLATE.language,
    sentAt: now,
  });
  return toMessage(message);
}

export async function listTestMessages(deps: WhatsAppDeps, organizationId: string) {
  return (await repository.listMessages(deps.db, organizationId, null, 5)).map(toMessage);
}
