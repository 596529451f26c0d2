import type { Establishment } from '@reformer/domain/establishments';
import type { Invitation } from '@reformer/domain/invitations';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog.tsx';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { invitationsQueryOptions, PENDING_INVITATIONS } from '../api/get-invitations.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { InvitationList } from './invitation-list.tsx';
import { ShareInvitationLink } from './share-invitation-link.tsx';

type PendingInvitationsProps = {
  organizationId: string;
  organizationName: string;
  establishments: Establishment[];
};

/** Invitations not yet accepted, with revoke, resend and the link to share for members who may invite. */
export function PendingInvitations({
  organizationId,
  organizationName,
  establishments,
}: PendingInvitationsProps) {
  const { t } = useTranslation();
  const { data: invitations } = useSuspenseQuery(
    invitationsQueryOptions(organizationId, PENDING_INVITATIONS),
  );
  const canInvite = usePermissions(organizationId).can('INVITE_STAFF');
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [sharing, setSharing] = useState<Invitation | null>(null);
  const revoke = useRevokeInvitation(organizationId, { onSuccess: () => setRevoking(null) });
  const resend = useResendInvitation(organizationId, {
    onSuccess: (invitation) => {
      if (!invitation.emailSent) setSharing(invitation);
    },
  });

  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="pending-invitations">
      <div className="card-body p-4 sm:p-6">
        <h2 id="pending-invitations" className="card-title">
          {t('invitations.pending.title')}
        </h2>
        {invitations.length === 0 ? (
          <p className="text-base-content/70">{t('invitations.pending.empty')}</p>
        ) : (
          <InvitationList
            invitations={invitations}
            organizationName={organizationName}
            establishments={establishments}
            canInvite={canInvite}
            isResending={resend.isPending}
            onResend={(invitation) => resend.mutate(invitation.id)}
            onRevoke={setRevoking}
          />
        )}
      </div>

      <Dialog
        isOpen={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('invitations.revoke.title')}
      >
        {revoking && (
          <div className="flex flex-col gap-4">
            <p>{t('invitations.revoke.body', { email: revoking.email })}</p>
            <DialogActions onCancel={() => setRevoking(null)}>
              <button
                type="button"
                className="btn btn-error"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate({ id: revoking.id, email: revoking.email })}
              >
                {t('invitations.revoke.submit')}
              </button>
            </DialogActions>
          </div>
        )}
      </Dialog>

      <Dialog isOpen={sharing !== null} onClose={() => setSharing(null)} title={t('invitations.share.title')}>
        {sharing?.inviteUrl && (
          <ShareInvitationLink
            email={sharing.email}
            inviteUrl={sharing.inviteUrl}
            emailSent={sharing.emailSent ?? false}
            organizationName={organizationName}
            onDone={() => setSharing(null)}
          />
        )}
      </Dialog>
    </section>
  );
}
