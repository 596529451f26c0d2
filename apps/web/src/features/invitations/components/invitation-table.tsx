import type { Establishment } from '@reformer/domain/establishments';
import type { Invitation } from '@reformer/domain/invitations';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/format.ts';
import { useCopyLink, useWhatsAppShareUrl } from '../share-link.ts';
import { InvitationRoles } from './invitation-roles.tsx';

type InvitationTableProps = {
  invitations: Invitation[];
  organizationName: string;
  establishments: Establishment[];
  canInvite: boolean;
  isResending: boolean;
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
};

/** One row per invitation; the link, resend and revoke only for members who may invite. */
export function InvitationTable({
  invitations,
  organizationName,
  establishments,
  canInvite,
  isResending,
  onResend,
  onRevoke,
}: InvitationTableProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const copyLink = useCopyLink();
  const whatsAppShareUrl = useWhatsAppShareUrl();

  return (
    <div className="overflow-x-auto">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('invitations.columns.email')}</th>
            <th scope="col">{t('invitations.columns.role')}</th>
            <th scope="col" className="hidden md:table-cell">
              {t('invitations.columns.invitedBy')}
            </th>
            <th scope="col">{t('invitations.columns.expiresAt')}</th>
            {canInvite && (
              <th scope="col" className="text-right">
                <span className="sr-only">{t('invitations.columns.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <th scope="row" className="font-medium">
                {invitation.email}
              </th>
              <td>
                <InvitationRoles
                  role={invitation.role}
                  assignments={invitation.establishments.map((assignment) => ({
                    ...assignment,
                    name: establishments.find((e) => e.id === assignment.establishmentId)?.name ?? null,
                  }))}
                />
              </td>
              <td className="hidden md:table-cell">{invitation.invitedBy.name ?? t('common.none')}</td>
              <td>{formatDate(invitation.expiresAt)}</td>
              {canInvite && (
                <td>
                  <div className="flex flex-wrap justify-end gap-1">
                    {invitation.inviteUrl && (
                      <>
                        <button
                          type="button"
                          className="btn btn-xs"
                          aria-label={t('invitations.actions.copyLabel', { email: invitation.email })}
                          onClick={() => void copyLink(invitation.inviteUrl ?? '')}
                        >
                          {t('invitations.share.copy')}
                        </button>
                        <a
                          className="btn btn-xs"
                          href={whatsAppShareUrl(organizationName, invitation.inviteUrl)}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={t('invitations.actions.whatsappLabel', { email: invitation.email })}
                        >
                          {t('invitations.actions.whatsapp')}
                        </a>
                      </>
                    )}
                    <button
                      type="button"
                      className="btn btn-xs"
                      disabled={isResending}
                      aria-label={t('invitations.actions.resendLabel', { email: invitation.email })}
                      onClick={() => onResend(invitation)}
                    >
                      {t('invitations.actions.resend')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-xs btn-ghost text-error"
                      aria-label={t('invitations.actions.revokeLabel', { email: invitation.email })}
                      onClick={() => onRevoke(invitation)}
                    >
                      {t('invitations.actions.revoke')}
                    </button>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
