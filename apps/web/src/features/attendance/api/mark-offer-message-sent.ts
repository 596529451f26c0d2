import { api } from '@/lib/api-client.ts';

/**
 * The member opened the offer's WhatsApp link: its message leaves the outbox (decision 016's "mark as sent",
 * allowed to whoever manages attendance for waitlist offers). Already sent is fine: nothing to record.
 */
export function markOfferMessageSent(organizationId: string, messageId: string): Promise<void> {
  return api
    .post<void>(
      `/organizations/${encodeURIComponent(organizationId)}/events/messages/${encodeURIComponent(messageId)}/sent`,
    )
    .then(() => undefined)
    .catch(() => undefined);
}
