import type { Establishment } from '@reformer/domain/establishments';
import type { Invitation } from '@reformer/domain/invitations';
import type { OrgRole } from '@reformer/domain/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useInviteStaff } from '../api/invite-staff.ts';
import { InviteStaffForm } from './invite-staff-form.tsx';
import { ShareInvitationLink } from './share-invitation-link.tsx';

type InviteStaffDialogProps = {
  organizationId: string;
  organizationName: string;
  actorRole: OrgRole | null;
  establishments: Establishment[];
};

/**
 * "Invite staff": when the server could not e-mail the invitation (no e-mail server), the dialog turns into
 * the link to share by hand, e.g. over WhatsApp.
 */
export function InviteStaffDialog({
  organizationId,
  organizationName,
  actorRole,
  establishments,
}: InviteStaffDialogProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [created, setCreated] = useState<Invitation | null>(null);
  const close = () => {
    setIsOpen(false);
    setCreated(null);
  };
  const inviteStaff = useInviteStaff(organizationId, {
    onSuccess: (invitation) => (invitation.emailSent ? close() : setCreated(invitation)),
  });

  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setIsOpen(true)}>
        {t('staff.invite.open')}
      </button>
      <Dialog
        isOpen={isOpen}
        onClose={close}
        title={created ? t('invitations.share.title') : t('staff.invite.title')}
      >
        {created?.inviteUrl ? (
          <ShareInvitationLink
            email={created.email}
            inviteUrl={created.inviteUrl}
            emailSent={created.emailSent ?? false}
            organizationName={organizationName}
            onDone={close}
          />
        ) : (
          <InviteStaffForm
            actorRole={actorRole}
            establishments={establishments}
            isPending={inviteStaff.isPending}
            onSubmit={(input) => inviteStaff.mutateAsync(input)}
            onCancel={close}
          />
        )}
      </Dialog>
    </>
  );
}
