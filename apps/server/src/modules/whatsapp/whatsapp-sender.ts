import { phonesOfWaId, TRANSIENT_WHATSAPP_FAILURES } from '@reformer/domain/whatsapp';
import {
  backoffDelayMs,
  hasAttemptsLeft,
  isWithinTier,
  pairPacedAt,
  RECIPIENT_WINDOW_MS,
  SENDING_LEASE_MS,
} from '@reformer/domain/whatsapp-sending';
import { WHATSAPP_TEMPLATES, type WhatsAppTemplateKind } from '@reformer/domain/whatsapp-templates';
import type { Database } from '../../db/client.ts';
import type { WhatsAppClient } from '../../integrations/whatsapp/whatsapp-client.ts';
import { isWhatsAppError, type WhatsAppError } from '../../integrations/whatsapp/whatsapp-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import * as connections from './whatsapp.repository.ts';
import { unseal } from './whatsapp-connection.ts';
import type { WhatsAppGateway } from './whatsapp-gateway.ts';
import { recordSentMessage } from './whatsapp-messages.ts';
import * as repository from './whatsapp-sending.repository.ts';

export type WhatsAppSenderDeps = {
  db: Database;
  secretBox: SecretBox | null;
  whatsapp: WhatsAppGateway;
  /** The clock (pacing waits in real time within a run); tests move it. */
  now: () => Date;
  /** In [0, 1): the backoff's jitter. */
  random?: () => number;
};

export type WhatsAppSendResult = { sent: number; retried: number; postponed: number; fellBack: number };

type Run = {
  deps: WhatsAppSenderDeps;
  organizationId: string;
  client: WhatsAppClient;
  tier: string | null;
  approved: Set<string>;
  result: WhatsAppSendResult;
};

const templateKey = (name: string, language: string) => `${name}|${language}`;

/** Gives a send up: its event message goes back to the outbox, the wa.me link a member opens (today's path). */
async function fallBack(run: Run, send: repository.SendRow, failure: string, metaCode: number | null) {
  const { db } = run.deps;
  await db.transaction(async (tx) => {
    await repository.updateSend(tx, run.organizationId, send.id, {
      state: 'FAILED',
      lastFailure: failure,
      lastMetaCode: metaCode,
      attemptStartedAt: null,
    });
    await repository.settleEventMessage(tx, run.organizationId, send.eventMessageId, 'OUTBOX');
  });
  run.result.fellBack += 1;
}

/** Meta accepted it: the message is recorded with its wamid (statuses already come apply) and the send closes. */
async function finish(run: Run, send: repository.SendRow, wamid: string, waId: string | null, at: Date) {
  await run.deps.db.transaction(async (tx) => {
    await recordSentMessage(tx, {
      organizationId: run.organizationId,
      wamid,
      customerId: send.customerId,
      toPhone: send.toPhone,
      waId,
      templateName: WHATSAPP_TEMPLATES[send.templateKind as WhatsAppTemplateKind].name,
      language: send.language,
      sentAt: at,
    });
    await repository.updateSend(tx, run.organizationId, send.id, {
      state: 'SENT',
      wamid,
      attemptStartedAt: null,
      lastFailure: null,
      lastMetaCode: null,
    });
    await repository.settleEventMessage(tx, run.organizationId, send.eventMessageId, 'SENT');
  });
  run.result.sent += 1;
}

/**
 * A send a crash left in flight past its lease: Meta may have accepted it. A status of a message we have no row
 * of, naming its recipient and received since the attempt began, is that message (one sender per organization
 * at a time, so at most one such send was in flight); adopted, it is not sent twice. Without one it did not
 * leave, and waits for its next attempt.
 */
async function settleStale(run: Run, staleBefore: Date) {
  const { db } = run.deps;
  const stale = await repository.listStaleSendings(db, run.organizationId, staleBefore);
  for (const send of stale) {
    const since = send.attemptStartedAt ?? send.createdAt;
    const orphans = await repository.listOrphanStatuses(db, run.organizationId, since);
    const found = orphans.find(
      (status) => status.recipientId && phonesOfWaId(status.recipientId).includes(send.toPhone),
    );
    if (found) {
      await finish(run, send, found.wamid, found.recipientId, since);
      continue;
    }
    if (!hasAttemptsLeft(send.attempts)) {
      await fallBack(run, send, 'WHATSAPP_UNREACHABLE', null);
      continue;
    }
    await repository.updateSend(db, run.organizationId, send.id, {
      state: 'PENDING',
      nextAttemptAt: run.deps.now(),
      attemptStartedAt: null,
    });
  }
}

type Claimed = { send: repository.SendRow } | 'NONE' | 'POSTPONED' | 'TIER_REACHED';

/**
 * The next due send, if it may go now: within the tier (a new recipient only under the limit) and Meta's
 * pacing per recipient. One that must wait is moved to when it may go (no attempt spent); one that may go is
 * marked SENDING with its attempt counted, and committed before the call, so a crash leaves a trace.
 */
async function claimNext(run: Run, skip: string[]): Promise<Claimed> {
  const { db } = run.deps;
  return db.transaction(async (tx) => {
    const now = run.deps.now();
    const send = await repository.lockNextDueSend(tx, run.organizationId, now, skip);
    if (!send) return 'NONE';
    const recent = await repository.recentRecipients(
      tx,
      run.organizationId,
      new Date(now.getTime() - RECIPIENT_WINDOW_MS),
    );
    const isRecentRecipient = recent.has(send.toPhone);
    if (!isWithinTier({ tier: run.tier, isRecentRecipient, recentRecipients: recent.size })) {
      skip.push(send.id);
      return 'TIER_REACHED';
    }
    const pacedAt = pairPacedAt(await repository.lastSentTo(tx, run.organizationId, send.toPhone), now);
    if (pacedAt > now) {
      await repository.updateSend(tx, run.organizationId, send.id, { nextAttemptAt: pacedAt });
      return 'POSTPONED';
    }
    const attempt = { state: 'SENDING' as const, attempts: send.attempts + 1, attemptStartedAt: now };
    await repository.updateSend(tx, run.organizationId, send.id, attempt);
    return { send: { ...send, ...attempt } };
  });
}

/** A failed attempt: a transient one waits its backoff (or falls back when none are left); any other falls back. */
async function failed(run: Run, send: repository.SendRow, error: WhatsAppError) {
  const metaCode = error.details.metaCode ?? null;
  if (!TRANSIENT_WHATSAPP_FAILURES.includes(error.code) || !hasAttemptsLeft(send.attempts))
    return fallBack(run, send, error.code, metaCode);
  const random = run.deps.random ?? Math.random;
  const delay = backoffDelayMs(send.attempts, random(), error.details.retryAfterSeconds);
  await repository.updateSend(run.deps.db, run.organizationId, send.id, {
    state: 'PENDING',
    nextAttemptAt: new Date(run.deps.now().getTime() + delay),
    attemptStartedAt: null,
    lastFailure: error.code,
    lastMetaCode: metaCode,
  });
  run.result.retried += 1;
}

/** Whether the whole number is throttled (the next messages would meet the same refusal): stop this run. */
const isNumberThrottled = (error: WhatsAppError) =>
  error.code === 'WHATSAPP_RATE_LIMITED' ||
  error.code === 'WHATSAPP_UNAVAILABLE' ||
  error.code === 'WHATSAPP_UNREACHABLE' ||
  error.code === 'WHATSAPP_TIMEOUT';

async function sendOne(run: Run, send: repository.SendRow): Promise<'GO_ON' | 'STOP'> {
  const { name } = WHATSAPP_TEMPLATES[send.templateKind as WhatsAppTemplateKind];
  if (!run.approved.has(templateKey(name, send.language))) {
    await fallBack(run, send, 'WHATSAPP_TEMPLATE_MISSING', null);
    return 'GO_ON';
  }
  try {
    const sent = await run.client.sendTemplate({
      to: send.toPhone,
      name,
      language: send.language,
      bodyParameters: send.parameters,
    });
    await finish(run, send, sent.messageId, sent.waId, run.deps.now());
    return 'GO_ON';
  } catch (error) {
    if (!isWhatsAppError(error)) throw error;
    await failed(run, send, error);
    return isNumberThrottled(error) ? 'STOP' : 'GO_ON';
  }
}

/**
 * One organization's due sends, under its lock (another worker holding it is doing this work). The number's
 * tier and the approved templates are read from Meta once per run; Meta unreachable leaves everything for
 * the next run. Stops at `deadline` (the job's budget) and when the number is throttled.
 */
async function sendOrganization(
  deps: WhatsAppSenderDeps,
  organizationId: string,
  deadline: number,
  result: WhatsAppSendResult,
) {
  const box = deps.secretBox;
  await deps.db.transaction(async (lockTx) => {
    if (!(await repository.tryLockOrganizationSends(lockTx, organizationId))) return;
    const row = await connections.findConnection(deps.db, organizationId);
    if (!row || !box) return;
    const client = deps.whatsapp.open({
      apiBaseUrl: row.apiBaseUrl,
      phoneNumberId: row.phoneNumberId,
      wabaId: row.wabaId,
      accessToken: unseal(box, 'access_token_sealed', row),
    });
    try {
      const [phone, templates] = await Promise.all([client.readPhoneNumber(), client.listTemplates()]);
      if (phone.messagingTier !== row.messagingTier)
        await repository.updateMessagingTier(deps.db, organizationId, phone.messagingTier);
      const approved = new Set(
        templates
          .filter((template) => template.status === 'APPROVED')
          .map((template) => templateKey(template.name, template.language)),
      );
      const run: Run = { deps, organizationId, client, tier: phone.messagingTier, approved, result };
      await settleStale(run, new Date(deps.now().getTime() - SENDING_LEASE_MS));
      const skip: string[] = [];
      while (Date.now() < deadline) {
        const claimed = await claimNext(run, skip);
        if (claimed === 'NONE') break;
        if (claimed === 'POSTPONED' || claimed === 'TIER_REACHED') {
          result.postponed += 1;
          continue;
        }
        if ((await sendOne(run, claimed.send)) === 'STOP') break;
      }
    } catch (error) {
      // Meta unreachable or refusing the token before any send: everything waits for the next run.
      if (!isWhatsAppError(error)) throw error;
      console.warn(`[whatsapp] organization ${organizationId}: ${error.code}; sends wait for the next run`);
    } finally {
      await client.close();
    }
  });
}

/**
 * The WhatsApp job (decision 052): every organization's queued messages whose time came go to the Cloud API,
 * within its number's tier and Meta's pacing, retried with backoff, given up to the outbox when Meta refuses
 * them for good. `organizationId`: only that one (a change's notices, sent right after its commit).
 */
export async function sendQueuedWhatsApp(
  deps: WhatsAppSenderDeps,
  options: { organizationId?: string; budgetMs?: number } = {},
): Promise<WhatsAppSendResult> {
  const result: WhatsAppSendResult = { sent: 0, retried: 0, postponed: 0, fellBack: 0 };
  const deadline = Date.now() + (options.budgetMs ?? 50_000);
  const now = deps.now();
  const organizations = options.organizationId
    ? [options.organizationId]
    : await repository.listOrganizationsWithDueSends(
        deps.db,
        now,
        new Date(now.getTime() - SENDING_LEASE_MS),
      );
  for (const organizationId of organizations) await sendOrganization(deps, organizationId, deadline, result);
  return result;
}
