import { translate } from '@reformer/domain/i18n';
import enUS from '@reformer/domain/i18n/en_US.json' with { type: 'json' };
import ptBR from '@reformer/domain/i18n/pt_BR.json' with { type: 'json' };
import type { Deps } from '../../lib/http.ts';
import * as repository from './invitations.repository.ts';

/**
 * Sends the invitation when SMTP is configured. We do not know the invitee's language, so the message
 * carries both. A failed send is logged and reported as `emailSent: false`: the link still works.
 */
export async function sendInvitationEmail(
  deps: Deps,
  organizationId: string,
  inviterId: string,
  invitation: repository.InvitationRow,
  link: string,
): Promise<boolean> {
  if (!deps.mailer.isConfigured) return false;
  const organizationName = (await repository.findOrganizationName(deps.db, organizationId)) ?? '';
  const params = { organizationName, link, days: deps.env.INVITATION_TTL_DAYS };
  const parts = [enUS, ptBR].map((catalog) => ({
    subject: translate(catalog, 'email.invitation.subject', params),
    body: translate(catalog, 'email.invitation.body', params),
  }));
  try {
    await deps.mailer.send({
      to: invitation.email,
      subject: parts.map((part) => part.subject).join(' / '),
      text: parts.map((part) => part.body).join('\n\n---\n\n'),
    });
    return true;
  } catch (error) {
    console.error(`[invitations] could not e-mail invitation ${invitation.id} (inviter ${inviterId})`, error);
    return false;
  }
}
