import type {
  DeliveryChannel,
  EventChannel,
  EventMessageStatus,
  EventSource,
  MessageKind,
} from '@reformer/domain/events';
import {
  type EmailBrand,
  messageHtml,
  messageSubject,
  whatsAppLink,
} from '@reformer/domain/events-templates';
import { whatsAppNumber } from '@reformer/domain/phones';
import type { TemplateMessage } from '@reformer/domain/whatsapp-template-parameters';
import type { SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Database, Transaction } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { countMessageDelivery } from '../../observability/metrics.ts';
import { emailBrand } from '../studio-pages/studio-pages.service.ts';
import { goesThroughCloudApi, queueWhatsAppSend } from '../whatsapp/whatsapp-sending.ts';
import * as repository from './events.repository.ts';
import type { SmsProvider } from './sms-provider.ts';

/**
 * What sends each channel: SMTP (or nothing, then the outbox) and an SMS provider (none yet). `publicUrl`
 * makes the studio's logo an absolute address in e-mails (decision 045); without it the e-mail names the
 * studio in text only.
 */
export type Senders = { mailer: Mailer; sms: SmsProvider; publicUrl?: string };

/** One occasion of one customer, with its message already rendered. */
export type Occasion = {
  organizationId: string;
  organizationName: string;
  kind: MessageKind;
  occasion: string;
  occasionDate: string;
  enrollmentId: string | null;
  customer: repository.CustomerContact;
  text: string;
  /**
   * The same message for the kind's Meta template (decision 052); without it (a kind or case with no
   * template) WhatsApp stays the wa.me link.
   */
  template?: TemplateMessage | null;
  /**
   * A message a member's action makes without asking them to send it (the class link staff create): its
   * WhatsApp goes through the Cloud API as an automatic one's would. Without it a member's message is the
   * wa.me link they open themselves.
   */
  sendsThroughCloudApiForMembers?: boolean;
};

export type How = { source: EventSource; actorId: string | null; at: Date };

/** Where a channel's message can go for this customer, or null when it has nowhere to go. */
export function recipientFor(channel: EventChannel, customer: repository.CustomerContact): string | null {
  if (channel === 'EMAIL') return customer.email;
  if (!customer.phone) return null;
  return channel === 'WHATSAPP' ? whatsAppNumber(customer.phone, customer.country) : customer.phone;
}

type Sent = Omit<repository.MessageInsert, 'organizationId' | 'id' | 'deliveryId' | 'customerId' | 'kind'>;

/**
 * The SMTP server refused the e-mail or could not be reached: a Send by hand answers EVENT_EMAIL_FAILED for
 * this and for nothing else, so a database failure stays a real error.
 */
export class EmailFailed extends Error {
  constructor(cause: unknown) {
    super(`SMTP: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * SENT went; OUTBOX is on its way (a member sends it from there), QUEUED too (the WhatsApp job sends it).
 * NO_RECIPIENT and NOT_CONFIGURED went nowhere.
 */
const wentOut = (message: Sent) =>
  message.status === 'SENT' || message.status === 'OUTBOX' || message.status === 'QUEUED';

/**
 * Thrown inside a channel's savepoint when its message went nowhere, so that channel's claim rolls back: a
 * message that did not leave never holds its channel, and never the others (decision 032).
 */
class DidNotLeave extends Error {
  constructor(readonly status: string) {
    super('did not leave');
  }
}

/** What became of an occasion: its messages' ids, already claimed, or nothing could go out (not claimed). */
export type Delivery =
  | { outcome: 'DELIVERED'; messageIds: string[] }
  | { outcome: 'ALREADY_CLAIMED' }
  /** `statuses`: each channel's status ("EMAIL NO_RECIPIENT"), for the job's log. */
  | { outcome: 'UNDELIVERABLE'; statuses: string[] };

/** How this occasion's channels go: `brand` for e-mails, `viaCloudApi` when WhatsApp goes through the API. */
type Sending = Senders & { brand?: EmailBrand; viaCloudApi?: boolean };

/**
 * One channel's message. E-mail goes through SMTP when configured, else to the outbox. WhatsApp is queued for
 * the Cloud API when the customer can get it that way (decision 052), else a click-to-chat link: opened by the
 * member who sends it by hand, waiting in the outbox when the job made it. The queued one keeps its link, the
 * outbox's fallback. SMS goes through its provider, which reports when there is none.
 */
async function sendOne(occasion: Occasion, channel: EventChannel, how: How, senders: Sending): Promise<Sent> {
  const recipient = recipientFor(channel, occasion.customer);
  const base = { channel, recipient, body: occasion.text, createdAt: how.at };
  if (!recipient) return { ...base, status: 'NO_RECIPIENT' };
  if (channel === 'WHATSAPP') {
    const status: EventMessageStatus = senders.viaCloudApi
      ? 'QUEUED'
      : how.source === 'MANUAL'
        ? 'SENT'
        : 'OUTBOX';
    return { ...base, status, link: whatsAppLink(recipient, occasion.text) };
  }
  if (channel === 'SMS') {
    if (!senders.sms.isConfigured) return { ...base, status: 'NOT_CONFIGURED' };
    await senders.sms.send({ to: recipient, text: occasion.text });
    return { ...base, status: 'SENT' };
  }
  const subject = messageSubject(occasion.organizationName, occasion.text);
  if (!senders.mailer.isConfigured) return { ...base, subject, status: 'OUTBOX' };
  const mail = {
    to: recipient,
    subject,
    text: occasion.text,
    html: messageHtml(occasion.text, senders.brand),
  };
  await senders.mailer.send(mail).catch((error: unknown) => {
    throw new EmailFailed(error);
  });
  return { ...base, subject, status: 'SENT' };
}

/** `sendOne`, its result counted in the metrics (a failure too, then rethrown). */
function countedSend(occasion: Occasion, channel: EventChannel, how: How, senders: Sending): Promise<Sent> {
  return sendOne(occasion, channel, how, senders).then(
    (message) => {
      countMessageDelivery(channel, message.status);
      return message;
    },
    (error: unknown) => {
      countMessageDelivery(channel, 'FAILED');
      throw error;
    },
  );
}

type Claimed = { id: string } | 'TAKEN' | { didNotLeave: string };

const keyOf = (occasion: Occasion): repository.OccasionKey => ({
  organizationId: occasion.organizationId,
  customerId: occasion.customer.customerId,
  kind: occasion.kind,
  occasion: occasion.occasion,
});

/**
 * Claims the occasion on one channel, then writes what `produce` made of it: the unique key lets one claimer
 * through (a second waits, then finds it taken), and a failure to send rolls the claim back with the caller's
 * transaction, so the next run or a retry sends it instead of losing it. A MARKED claim of the occasion
 * closes every channel.
 *
 * The price of sending inside the transaction: a process killed after the SMTP server accepted a message
 * and before the commit would send it again on its next run (docs/decisions/016).
 */
async function claimThen(
  tx: Transaction,
  occasion: Occasion,
  channel: DeliveryChannel,
  how: How,
  produce: () => Promise<Sent>,
): Promise<Claimed> {
  const { organizationId, kind, customer } = occasion;
  const key = keyOf(occasion);
  if (await repository.isOccasionMarked(tx, key)) return 'TAKEN';
  return tx
    .transaction(async (savepoint) => {
      const deliveryId = uuidv7();
      const { occasionDate, enrollmentId } = occasion;
      const claim = { ...key, id: deliveryId, channel, occasionDate, enrollmentId, ...how };
      if (!(await repository.claimDelivery(savepoint, claim))) return 'TAKEN' as const;
      const message = await produce();
      if (message.channel && !wentOut(message)) throw new DidNotLeave(`${message.channel} ${message.status}`);
      const id = uuidv7();
      await repository.insertMessages(savepoint, [
        { ...message, organizationId, id, deliveryId, customerId: customer.customerId, kind },
      ]);
      if (message.status === 'QUEUED' && occasion.template && message.recipient)
        await queueWhatsAppSend(savepoint, {
          organizationId,
          eventMessageId: id,
          customerId: customer.customerId,
          toPhone: `+${message.recipient}`,
          template: occasion.template,
          now: how.at,
        });
      return { id };
    })
    .catch((error: unknown) => {
      if (error instanceof DidNotLeave) return { didNotLeave: error.status };
      throw error;
    });
}

/**
 * Sends the occasion's message on each channel, once per channel, in one transaction (a failure to send
 * rolls every channel back). A channel that could not take it (no e-mail, SMS without a provider) is not
 * claimed; when none could, UNDELIVERABLE. A Send by hand refuses those cases before it gets here, with the
 * reason.
 */
export async function deliver(
  db: Database | Transaction,
  occasion: Occasion,
  channels: readonly EventChannel[],
  how: How,
  senders: Senders,
): Promise<Delivery> {
  return db.transaction(async (tx) => {
    const messageIds: string[] = [];
    const statuses: string[] = [];
    const isMailing = senders.mailer.isConfigured && channels.includes('EMAIL');
    const brand = isMailing ? await emailBrand(tx, occasion.organizationId, senders.publicUrl) : undefined;
    // Automatic messages only: a member's Send on WhatsApp is the link they open themselves.
    const viaCloudApi =
      (how.source === 'AUTOMATIC' || occasion.sendsThroughCloudApiForMembers === true) &&
      Boolean(occasion.template) &&
      channels.includes('WHATSAPP') &&
      (await goesThroughCloudApi(tx, occasion.organizationId, occasion.customer.customerId, occasion.kind));
    for (const channel of channels) {
      const claimed = await claimThen(tx, occasion, channel, how, () =>
        countedSend(occasion, channel, how, { ...senders, brand, viaCloudApi }),
      );
      if (claimed === 'TAKEN') continue;
      if ('didNotLeave' in claimed) statuses.push(claimed.didNotLeave);
      else messageIds.push(claimed.id);
    }
    if (messageIds.length) return { outcome: 'DELIVERED', messageIds };
    if (statuses.length === channels.length) return { outcome: 'UNDELIVERABLE', statuses };
    return { outcome: 'ALREADY_CLAIMED' };
  });
}

/**
 * Staff sent it outside the app: the occasion is claimed as MARKED with one entry and nothing is sent; no
 * channel sends it afterwards. Null when it was already marked, or a message already went out on a channel.
 */
export function markDelivered(db: Database | Transaction, occasion: Occasion, how: How) {
  return db.transaction(async (tx) => {
    if (await repository.hasOccasionGoneOut(tx, keyOf(occasion))) return null;
    const claimed = await claimThen(tx, occasion, 'MARKED', how, async () => ({
      channel: null,
      status: 'MARKED',
      recipient: null,
      body: null,
      createdAt: how.at,
    }));
    return typeof claimed === 'object' && 'id' in claimed ? [claimed.id] : null;
  });
}

/** Leaves every e-mail in the outbox, for `queueDelivery`. */
const QUEUE_ONLY: Senders = {
  mailer: {
    isConfigured: false,
    send: async () => {
      throw new Error('queued e-mails are sent by sendQueuedEmails');
    },
    health: async () => 'not_configured',
  },
  sms: { isConfigured: false, send: async () => {} },
};

/**
 * Writes an occasion's messages without sending any: e-mail waits in the outbox, WhatsApp is its link. For
 * another feature's transaction that must not wait on an SMTP server or fail with it (a waitlist offer,
 * decision 024); `sendQueuedEmails` sends the e-mails once it has committed.
 */
export function queueDelivery(
  db: Database | Transaction,
  occasion: Occasion,
  channels: readonly EventChannel[],
  how: How,
): Promise<Delivery> {
  return deliver(db, occasion, channels, how, QUEUE_ONLY);
}

/**
 * Sends the e-mails of `kind` waiting in the outbox through SMTP, each in its own transaction that locks the
 * message (SKIP LOCKED: two workers never take the same one) and marks it SENT; a refused one stays in the
 * outbox for the next run or a member. Without SMTP nothing is sent. Answers how many went. `stillWanted`:
 * see `lockQueuedEmail`.
 */
export async function sendQueuedEmails(
  db: Database,
  mailer: Senders['mailer'],
  kind: MessageKind,
  options: { limit?: number; stillWanted?: SQL; publicUrl?: string } = {},
): Promise<number> {
  const { limit = 100, stillWanted, publicUrl } = options;
  if (!mailer.isConfigured) return 0;
  let sent = 0;
  const refused: string[] = [];
  for (let index = 0; index < limit; index += 1) {
    const outcome = await db.transaction(async (tx) => {
      const message = await repository.lockQueuedEmail(tx, kind, refused, stillWanted);
      if (!message) return 'NONE' as const;
      const mail = { to: message.recipient, subject: message.subject, text: message.body };
      const brand = await emailBrand(tx, message.organizationId, publicUrl);
      const isSent = await mailer
        .send({ ...mail, html: messageHtml(message.body, brand) })
        .then(() => true)
        .catch((error: unknown) => {
          console.error(`[events] a queued ${kind} e-mail was refused:`, new EmailFailed(error).message);
          return false;
        });
      countMessageDelivery('EMAIL', isSent ? 'SENT' : 'FAILED');
      if (!isSent) refused.push(message.id);
      else await repository.markMessageSent(tx, message.organizationId, message.id);
      return isSent ? ('SENT' as const) : ('REFUSED' as const);
    });
    if (outcome === 'NONE') break;
    if (outcome === 'SENT') sent += 1;
  }
  return sent;
}
