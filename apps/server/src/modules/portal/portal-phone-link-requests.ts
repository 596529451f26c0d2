import { createHash } from 'node:crypto';
import { AppError } from '@reformer/domain/errors';
import { PORTAL_RATE_LIMITS } from '@reformer/domain/portal';
import { WHATSAPP_TEMPLATES } from '@reformer/domain/whatsapp-templates';
import type { Transaction } from '../../db/client.ts';
import { organizationTransaction } from '../../db/row-level-security.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Logger } from '../../observability/logger.ts';
import * as links from '../class-links/class-links.repository.ts';
import { issueLink } from '../class-links/class-links.service.ts';
import { requireConnection, withConnectionClient } from '../whatsapp/whatsapp-connection.ts';
import type { WhatsAppGateway } from '../whatsapp/whatsapp-gateway.ts';
import { recordSentMessage } from '../whatsapp/whatsapp-messages.ts';
import type { PortalDeps } from './portal-access.ts';
import * as repository from './portal-phone-link.repository.ts';
import { hitRateLimit } from './portal-rate-limit.ts';
import { deleteStaleBuckets } from './portal-sessions.repository.ts';

export type PhoneLinkDeps = PortalDeps & {
  secretBox: SecretBox | null;
  whatsapp: WhatsAppGateway;
  logger: Logger;
};

type Customer = { organizationId: string; customerId: string; firstName: string };

/**
 * The link as the CLASS_LINK template (decision 049's catalogue, utility) in the studio's message language,
 * to the number on file, recorded so its delivery status follows by webhook. Meta's refusal or absence
 * throws: the caller's transaction rolls back, and no link is made that nobody received.
 */
async function sendLinkByWhatsApp(tx: Transaction, deps: PhoneLinkDeps, customer: Customer, phone: string) {
  const actor = { userId: null, ipAddress: deps.ipAddress, now: deps.now, publicUrl: deps.publicUrl };
  // No channel of the events: the WhatsApp one is a wa.me link for a member, and nobody is at the desk.
  const issued = await issueLink(tx, customer, actor, []);
  const whatsappDeps = { db: tx, secretBox: deps.secretBox, whatsapp: deps.whatsapp, webhookBaseUrl: '' };
  const connection = await requireConnection(whatsappDeps, customer.organizationId);
  const template = { name: WHATSAPP_TEMPLATES.CLASS_LINK.name, language: issued.language };
  const sent = await withConnectionClient(whatsappDeps, connection, (client) =>
    client.sendTemplate({ to: phone, ...template, bodyParameters: [customer.firstName, issued.url] }),
  );
  await recordSentMessage(tx, {
    organizationId: customer.organizationId,
    wamid: sent.messageId,
    customerId: customer.customerId,
    toPhone: phone,
    waId: sent.waId,
    templateName: template.name,
    language: template.language,
    sentAt: deps.now,
  });
}

/**
 * "Send me a new link" by phone on the portal's sign-in page (decision 053, as decision 039's e-mail door):
 * the number typed only finds the customer; the link goes by WhatsApp to the number on file, from each studio
 * whose WhatsApp number is connected. The answer is the same whether anyone was found and whether Meta took
 * the message (a refusal is logged, without the number); the door shares the e-mail door's limit per address
 * and has its own per number (the bucket is the number's hash). The customer asked for this message, so it
 * goes even to a customer who opted out of the studio's messages (Meta's policy: a message the user asked for).
 */
export async function requestNewLinkByPhone(deps: PhoneLinkDeps, phone: string): Promise<void> {
  const contact = createHash('sha256').update(phone).digest('hex');
  const limits = PORTAL_RATE_LIMITS;
  await hitRateLimit(deps.db, `link-request:ip:${deps.ipAddress}`, limits.linkRequestPerAddress, deps.now);
  await hitRateLimit(deps.db, `link-request:phone:${contact}`, limits.linkRequestPerContact, deps.now);
  const found = await repository.findCustomersByPhoneWithWhatsApp(deps.db, phone);
  for (const customer of found)
    await organizationTransaction(deps.tenantDb, customer.organizationId, async (tx) => {
      const key = { organizationId: customer.organizationId, customerId: customer.id };
      const locked = await links.lockCustomer(tx, key);
      if (!locked) return;
      await sendLinkByWhatsApp(tx, deps, { ...key, firstName: locked.firstName }, phone);
    }).catch((error: unknown) => {
      if (!(error instanceof AppError) || !error.code.startsWith('WHATSAPP_')) throw error;
      deps.logger.warn(
        { organizationId: customer.organizationId, code: error.code, details: error.details },
        'portal link by WhatsApp not sent',
      );
    });
  await deleteStaleBuckets(deps.db, deps.now);
}
