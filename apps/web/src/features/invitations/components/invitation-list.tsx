import type { Establishment } from '@reformer/domain/establishments';
import type { Invitation } from '@reformer/domain/invitations';
import { useTranslation } from 'react-i18next';
import { TableOrCards } from '@/components/ui/table-or-cards.tsx';
import { useFormatDate } from '@/lib/format.ts';
import { useCopyLink, useWhatsAppShareUrl } from '../share-link.ts';
import { InvitationRoles } from './invitation-roles.tsx';

type InvitationListProps = {
  invitations: Invitation[];
  organizationName: string;
  establishments: Establishment[];
  canInvite: boolean;
  isResending: boolean;
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
};

type ActionProps = Omit<InvitationListProps, 'invitations' | 'establishments' | 'canInvite'> & {
  invitation: Invitation;
};

/**
 * One row per invitation on wide screens, a card each below `xl`; the link, resend and revoke only for
 * members who may invite.
 */
export function InvitationList(props: InvitationListProps) {
  return (
    <TableOrCards
      tableFrom="xl"
      table={<InvitationTable {...props} />}
      cards={props.invitations.map((invitation) => (
        <InvitationCard key={invitation.id} invitation={invitation} {...props} />
      ))}
    />
  );
}

function Roles({ invitation, establishments }: { invitation: Invitation; establishments: Establishment[] }) {
  return (
    <InvitationRoles
      role={invitation.role}
      assignments={invitation.establishments.map((assignment) => ({
        ...assignment,
        name: establishments.find((e) => e.id === assignment.establishmentId)?.name ?? null,
      }))}
    />
  );
}

function InvitationActions({ invitation, organizationName, isResending, onResend, onRevoke }: ActionProps) {
  const { t } = useTranslation();
  const copyLink = useCopyLink();
  const whatsAppShareUrl = useWhatsAppShareUrl();
  const { email, inviteUrl } = invitation;
  return (
    <div className="flex flex-wrap gap-1 xl:justify-end">
      {inviteUrl && (
        <>
          <button
            type="button"
            className="btn btn-xs"
            aria-label={t('invitations.actions.copyLabel', { email })}
            onClick={() => void copyLink(inviteUrl)}
          >
            {t('invitations.share.copy')}
          </button>
          <a
            className="btn btn-xs"
            href={whatsAppShareUrl(organizationName, inviteUrl)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('invitations.actions.whatsappLabel', { email })}
          >
            {t('invitations.actions.whatsapp')}
          </a>
        </>
      )}
      <button
        type="button"
        className="btn btn-xs"
        disabled={isResending}
        aria-label={t('invitations.actions.resendLabel', { email })}
        onClick={() => onResend(invitation)}
      >
        {t('invitations.actions.resend')}
      </button>
      <button
        type="button"
        className="btn btn-xs btn-ghost text-error"
        aria-label={t('invitations.actions.revokeLabel', { email })}
        onClick={() => onRevoke(invitation)}
      >
        {t('invitations.actions.revoke')}
      </button>
    </div>
  );
}

function InvitationTable({ invitations, establishments, canInvite, ...actions }: InvitationListProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{t('invitations.columns.email')}</th>
          <th scope="col">{t('invitations.columns.role')}</th>
          <th scope="col">{t('invitations.columns.invitedBy')}</th>
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
            <th scope="row" className="min-w-56 font-medium wrap-anywhere">
              {invitation.email}
            </th>
            <td>
              <Roles invitation={invitation} establishments={establishments} />
            </td>
            <td>{invitation.invitedBy.name ?? t('common.none')}</td>
            <td className="whitespace-nowrap">{formatDate(invitation.expiresAt)}</td>
            {canInvite && (
              <td>
                <InvitationActions invitation={invitation} {...actions} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function InvitationCard({
  invitation,
  invitations: _all,
  establishments,
  canInvite,
  ...actions
}: InvitationListProps & { invitation: Invitation }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <li className="rounded-box border border-base-300 p-4">
      <p className="font-medium wrap-anywhere">{invitation.email}</p>
      <div className="mt-1 text-sm">
        <Roles invitation={invitation} establishments={establishments} />
      </div>
      <dl className="mt-2 grid gap-x-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-1">
        <dt className="mt-1 text-xs text-base-content/70 sm:mt-0 sm:text-sm">
          {t('invitations.columns.invitedBy')}
        </dt>
        <dd>{invitation.invitedBy.name ?? t('common.none')}</dd>
        <dt className="mt-1 text-xs text-base-content/70 sm:mt-0 sm:text-sm">
          {t('invitations.columns.expiresAt')}
        </dt>
        <dd>{formatDate(invitation.expiresAt)}</dd>
      </dl>
      {canInvite && (
        <div className="mt-3">
          <InvitationActions invitation={invitation} {...actions} />
        </div>
      )}
    </li>
  );
}
