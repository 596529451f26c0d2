import { type ClassLinkCreated, type ClassLinkStatus, classLinkMessage } from '@reformer/domain/class-links';
import { AppError } from '@reformer/domain/errors';
import {
  isPortalSessionLive,
  PORTAL_LINK_DAYS,
  type PortalSessionList,
  portalLinkExpiresAt,
  portalLinkPath,
} from '@reformer/domain/portal';
import { todayIn } from '@reformer/domain/time-zones';
import { classLinkTemplate } from '@reformer/domain/whatsapp-template-parameters';
import { v7 as uuidv7 } from 'uuid';
import { isUuid } from '../../auth/access.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { organizationTimeZone } from '../../lib/organization-time-zone.ts';
import * as events from '../events/events.repository.ts';
import { queueDelivery } from '../events/events-delivery.ts';
import { customerAwaitsAuthorization } from '../pix-automatico/waiting-authorization.ts';
import * as portalSessions from '../portal/portal-sessions.repository.ts';
import { readSettings as readWaitlistSettings } from '../waitlist/waitlist-settings.ts';
import { newClassLinkToken } from './class-link-tokens.ts';
import * as repository from './class-links.repository.ts';

/**
 * Staff's side of a customer's portal link (decisions 025, 039): make (or replace) it and send it, revoke it,
 * see whether one is live. The routes allow it with MANAGE_ATTENDANCE anywhere; the customer is the
 * organization's (404 otherwise, or when deleted). A customer asking for a new link on the portal's sign-in
 * page goes through `issueLink` too, with no member acting.
 */

/** `userId` null: the customer asked for the link themselves (the portal's sign-in page). */
export type Actor = { userId: string | null; ipAddress: string; now: Date; publicUrl: string };

const keyOf = (access: OrgAccess, customerId: string) => ({
  organizationId: access.organizationId,
  customerId,
});

export async function getClassLinkStatus(
  db: Database,
  access: OrgAccess,
  customerId: string,
  now: Date,
): Promise<ClassLinkStatus> {
  const key = keyOf(access, customerId);
  const customer = isUuid(customerId) ? await repository.findCustomerOnTheBooks(db, key) : null;
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  return toStatus(await repository.findLiveLinkOf(db, key, now));
}

const toStatus = (link: { createdAt: Date; expiresAt: Date } | null): ClassLinkStatus => ({
  isActive: link !== null,
  createdAt: link?.createdAt.toISOString() ?? null,
  expiresAt: link?.expiresAt.toISOString() ?? null,
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
    const issued = await issueLink(tx, { ...key, firstName: customer.firstName }, actor, [
      'EMAIL',
      'WHATSAPP',
    ]);
    const messages = issued.messageIds.length
      ? await events.listMessages(tx, key.organizationId, {
          kinds: ['CLASS_LINK'],
          ids: issued.messageIds,
          limit: 10,
        })
      : [];
    return {
      ...toStatus(issued),
      url: issued.url,
      language: issued.language,
      messages: messages.map((message) => ({
        messageId: message.id,
        channel: message.channel,
        status: message.status,
        link: message.link,
      })),
    };
  });
}

/**
 * A new link for a customer whose row the caller locked: the previous link stops opening (the portal
 * sessions it opened stay: replacing a link is not revoking it), the new one is queued on `channels`, and the
 * making is audited. The URL carries the token in its fragment (decision 039) and is answered once.
 */
export async function issueLink(
  tx: Transaction,
  customer: { organizationId: string; customerId: string; firstName: string },
  actor: Actor,
  channels: ('EMAIL' | 'WHATSAPP')[],
) {
  const key = { organizationId: customer.organizationId, customerId: customer.customerId };
  await repository.revokeLiveLink(tx, key, actor.now);
  const { token, tokenHash } = newClassLinkToken();
  const id = uuidv7();
  const expiresAt = portalLinkExpiresAt(actor.now);
  const createdBy = actor.userId ?? PORTAL_LINK_REQUEST;
  await repository.insertLink(tx, { ...key, id, tokenHash, createdBy, createdAt: actor.now, expiresAt });
  const url = `${actor.publicUrl}${portalLinkPath(token)}`;
  const sending = { ...key, firstName: customer.firstName, linkId: id, url, actor };
  const { language, messageIds } = await sendLink(tx, sending, channels);
  await audit(tx, key, actor, actor.userId ? 'CLASS_LINK_CREATED' : 'PORTAL_LINK_REQUESTED', id);
  return { createdAt: actor.now, expiresAt, url, language, messageIds };
}

/** `created_by` of a link the customer asked for on the portal's sign-in page. */
const PORTAL_LINK_REQUEST = 'portal-link-request';

type Sending = {
  organizationId: string;
  customerId: string;
  firstName: string;
  linkId: string;
  url: string;
  actor: Actor;
};

/** The link's messages in the organization's message language (the waitlist's setting, decision 024). */
async function sendLink(tx: Transaction, sending: Sending, channels: ('EMAIL' | 'WHATSAPP')[]) {
  const { organizationId, customerId, actor } = sending;
  const contact = await events.findCustomer(tx, organizationId, customerId);
  const organizationName = await events.findOrganizationName(tx, organizationId);
  const { messageLanguage: language, timeZone } = await languageAndZone(tx, organizationId);
  if (!contact) throw new AppError('CUSTOMER_NOT_FOUND');
  const text = classLinkMessage(language, {
    customerFirstName: sending.firstName,
    organizationName,
    link: sending.url,
    days: PORTAL_LINK_DAYS,
    awaitsPixAutomatico: await customerAwaitsAuthorization(tx, organizationId, customerId),
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
      template: classLinkTemplate(language, sending.firstName, sending.url),
      // Staff make the link for the customer to have it, not to open a chat: through the API when it can.
      sendsThroughCloudApiForMembers: true,
    },
    channels,
    actor.userId
      ? { source: 'MANUAL', actorId: actor.userId, at: actor.now }
      : { source: 'AUTOMATIC', actorId: null, at: actor.now },
  );
  // No e-mail and no phone: the link is made and answered, the member passes it on another way.
  return { language, messageIds: delivery.outcome === 'DELIVERED' ? delivery.messageIds : [] };
}

async function languageAndZone(tx: Transaction, organizationId: string) {
  const { messageLanguage } = await readWaitlistSettings(tx, organizationId);
  return { messageLanguage, timeZone: await organizationTimeZone(tx, organizationId) };
}

/**
 * Revoking answers the status; a customer with no live link is answered the same (nothing to revoke). The
 * portal sessions the customer's links opened end with it: a link is revoked when it reached the wrong
 * person, who may have opened it already (decision 039).
 */
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
    const live = await repository.findLiveLinkOf(tx, key, actor.now);
    if (live && (await repository.revokeLiveLink(tx, key, actor.now)))
      await audit(tx, key, actor, 'CLASS_LINK_REVOKED', live.id);
    await portalSessions.endCustomerSessions(tx, key, { now: actor.now, reason: 'LINK_REVOKED' });
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

/** The customer's portal sessions as staff see them: when, from where, live or why ended. */
export async function listPortalSessions(
  db: Database,
  access: OrgAccess,
  customerId: string,
  now: Date,
): Promise<PortalSessionList> {
  const key = keyOf(access, customerId);
  const customer = isUuid(customerId) ? await repository.findCustomerOnTheBooks(db, key) : null;
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  const rows = await portalSessions.listSessions(db, key);
  return {
    items: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      isLive: isPortalSessionLive(row, now),
      endedAt: row.endedAt?.toISOString() ?? null,
      endedReason: row.endedReason,
    })),
  };
}

/** Ends one session; an id that is not this customer's (or not a session) is PORTAL_SESSION_NOT_FOUND. */
export async function endPortalSession(
  db: Database,
  access: OrgAccess,
  target: { customerId: string; portalSessionId: string },
  actor: Actor,
): Promise<PortalSessionList> {
  const key = keyOf(access, target.customerId);
  const customer = isUuid(target.customerId) ? await repository.findCustomerOnTheBooks(db, key) : null;
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  if (!isUuid(target.portalSessionId)) throw new AppError('PORTAL_SESSION_NOT_FOUND');
  const found = (await portalSessions.listSessions(db, key)).some((row) => row.id === target.portalSessionId);
  if (!found) throw new AppError('PORTAL_SESSION_NOT_FOUND');
  await db.transaction(async (tx) => {
    const end = { now: actor.now, reason: 'ENDED_BY_STAFF' };
    if (await portalSessions.endSession(tx, { ...key, id: target.portalSessionId }, end))
      await recordAudit(tx, {
        organizationId: key.organizationId,
        actorId: actor.userId,
        action: 'PORTAL_SESSION_ENDED',
        entityType: 'portal_session',
        entityId: target.portalSessionId,
        ipAddress: actor.ipAddress,
        at: actor.now,
        details: { customerId: key.customerId },
      });
  });
  return listPortalSessions(db, access, target.customerId, actor.now);
}
