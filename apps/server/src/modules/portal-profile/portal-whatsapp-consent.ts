import type { WhatsAppConsent } from '@reformer/domain/whatsapp-consent';
import { recordAudit } from '../../lib/audit.ts';
import { type PortalDeps, underPortalSession } from '../portal/portal-access.ts';
import { getConsent, setConsent } from '../whatsapp/whatsapp-consent.ts';

/**
 * The customer's own WhatsApp opt-in in the portal's profile (decision 053): read, and answered with source
 * PORTAL, its time and the portal session in the audit (as staff's answer is audited with STAFF). Marketing
 * is decision 043's consent, which the portal already sets (`PUT /portal/consents/MARKETING_MESSAGES`).
 */
export function viewWhatsAppConsent(deps: PortalDeps, cookie: string | undefined): Promise<WhatsAppConsent> {
  return underPortalSession(deps, cookie, (tx, customer) =>
    getConsent(tx, customer.organizationId, customer.customerId),
  );
}

export function answerWhatsAppConsent(
  deps: PortalDeps,
  cookie: string | undefined,
  isOptedIn: boolean,
): Promise<WhatsAppConsent> {
  return underPortalSession(deps, cookie, async (tx, customer) => {
    const { organizationId, customerId } = customer;
    const answer = await setConsent(tx, organizationId, customerId, {
      isOptedIn,
      source: 'PORTAL',
      now: deps.now,
    });
    await recordAudit(tx, {
      organizationId,
      actorId: null,
      action: isOptedIn ? 'whatsapp.opted_in' : 'whatsapp.opted_out',
      entityType: 'customer',
      entityId: customerId,
      ipAddress: deps.ipAddress,
      at: deps.now,
      details: { source: 'PORTAL', portalSessionId: customer.sessionId },
    });
    return answer;
  });
}
