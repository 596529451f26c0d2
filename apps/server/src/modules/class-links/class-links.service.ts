import {
  type ClassLinkCreated,
  type ClassLinkStatus,
  classLinkMessage,
  classLinkPath,
} from '@reformer/domain/class-links';
import { AppError } from '@reformer/domain/errors';
import { todayIn } from '@reformer/domain/time-zones';
import { v7 as uuidv7 } from 'uuid';
import { isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import * as events from '../events/events.repository.ts';
import { queueDelivery } from '../events/events-delivery.ts';
import { readSettings as readWaitlistSettings } from '../waitlist/waitlist-settings.ts';
import { newClassLinkToken } from './class-link-tokens.ts';
import * as repository from './class-links.repository.ts';

/**
 * Staff's side of a customer's class link (decision 025): make (or replace) it and send it, revoke it, see
 * whether one is live. The routes allow it with MANAGE_ATTENDANCE anywhere; the customer is the
 * organization's (404 otherwise, or when deleted).
 */

export type Actor = { userId: string; ipAddress: string; now: Date; publicUrl: string };

const keyOf = (access: OrgAccess, customerId: string) => ({
  organizationId: access.organizationId,
  customerId,
});

export async function getClassLinkStatus(
  db: Database,
  access: OrgAccess,
  customerId: string,
): Promise<ClassLinkStatus> {
  const key = keyOf(access, customerId);
  const customer = isUuid(customerId) ? await repository.findCustomerOnTheBooks(db, key) : null;
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  return toStatus(await repository.findLiveLinkOf(db, key));
}

const toStatus = (link: { createdAt: Date } | null): ClassLinkStatus => ({
  isActive: link !== null,
  createdAt: link?.createdAt.toISOString() ?? null,
});

/**
 * A new link for the customer; their previous one stops opening in the same transaction (the customer's
 * row lock makes two at once take turns). Its messages are queued through the events' delivery as the
 * waitlist's are: the e-mail to the outbox (the `class-links.send-emails` job sends it when SMTP is set),
 * the WhatsApp message as its wa.me link for the member to open. The URL is answered once; only its hash
 * is kept.
 */
export async function createClassLink(
  db: Database,
  access: OrgAccess,
  customerId: string,
  actor: Actor,
): Promise<ClassLinkCreated> {
  const key = keyOf(access, customerId);
  return db.transaction(async (tx) => {
    const customer = isUuid(customerId) ? await repository.lockCustomer(tx, key) : null;
    if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
    await repository.revokeLiveLink(tx, key, actor.now);
    const { token, tokenHash } = newClassLinkToken();
    const id = uuidv7();
    await repository.insertLink(tx, { ...key, id, tokenHash, createdBy: actor.userId, createdAt: actor.now });
    const url = `${actor.publicUrl}${classLinkPath(token)}`;
    const sending = { ...key, firstName: customer.firstName, linkId: id, url, actor };
    const { language, messageIds } = await sendLink(tx, sending);
    await audit(tx, key, actor, 'CLASS_LINK_CREATED', id);
    const messages = messageIds.length
      ? await events.listMessages(tx, key.organizationId, {
          kinds: ['CLASS_LINK'],
          ids: messageIds,
          limit: 10,
        })
      : [];
    return {
      isActive: true,
      createdAt: actor.now.toISOString(),
      url,
      language,
      messages: messages.map((message) => ({
        messageId: message.id,
        channel: message.channel,
        status: message.status,
        link: message.link,
      })),
    };
  });
}

type Sending = {
  organizationId: string;
  customerId: string;
  firstName: string;
  linkId: string;
  url: string;
  actor: Actor;
};

/** The link's messages in the organization's message language (the waitlist's setting, decision 024). */
async function sendLink(tx: Transaction, sending: Sending) {
  const { organizationId, customerId, actor } = sending;
  const contact = await events.findCustomer(tx, organizationId, customerId);
  const organizationName = await events.findOrganizationName(tx, organizationId);
  const { messageLanguage: language, timeZone } = await languageAndZone(tx, organizationId);
  if (!contact) throw new AppError('CUSTOMER_NOT_FOUND');
  const text = classLinkMessage(language, {
    customerFirstName: sending.firstName,
    organizationName,
    link: sending.url,
  });
  const delivery = await queueDelivery(
    tx,
    {
      organizationId,
      organizationName,
      kind: 'CLASS_LINK',
      occasion: repository.linkOccasion(sending.linkId),
      occasionDate: todayIn(timeZone, actor.now),
      enrollmentId: null,
      customer: contact,
      text,
    },
    ['EMAIL', 'WHATSAPP'],
    { source: 'MANUAL', actorId: actor.userId, at: actor.now },
  );
  // No e-mail and no phone: the link is made and answered, the member passes it on another way.
  return { language, messageIds: delivery.outcome === 'DELIVERED' ? delivery.messageIds : [] };
}

async function languageAndZone(tx: Transaction, organizationId: string) {
  const { messageLanguage } = await readWaitlistSettings(tx, organizationId);
  return { messageLanguage, timeZone: await organizationTimeZone(tx, organizationId) };
}

/** Revoking answers the status; a customer with no live link is answered the same (nothing to revoke). */
export async function revokeClassLink(
  db: Database,
  access: OrgAccess,
  customerId: string,
  actor: Actor,
): Promise<ClassLinkStatus> {
  const key = keyOf(access, customerId);
  return db.transaction(async (tx) => {
    const customer = isUuid(customerId) ? await repository.lockCustomer(tx, key) : null;
    if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
    const live = await repository.findLiveLinkOf(tx, key);
    if (live && (await repository.revokeLiveLink(tx, key, actor.now)))
      await audit(tx, key, actor, 'CLASS_LINK_REVOKED', live.id);
    return toStatus(null);
  });
}

function audit(
  tx: Transaction,
  key: { organizationId: string; customerId: string },
  actor: Actor,
  action: string,
  linkId: string,
) {
  return recordAudit(tx, {
    organizationId: key.organizationId,
    actorId: actor.userId,
    action,
    entityType: 'customer_class_link',
    entityId: linkId,
    ipAddress: actor.ipAddress,
    at: actor.now,
    details: { customerId: key.customerId },
  });
}
