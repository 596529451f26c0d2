import type { Establishment } from '@reformer/domain/establishments';
import type { OrgRole } from '@reformer/domain/permissions';
import type { StaffMember } from '@reformer/domain/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { isOutranked, manageableEstablishmentIds } from '../staff-roles.ts';
import { ChangeRoleForm } from './change-role-form.tsx';
import { EditStaffEstablishmentsForm } from './edit-staff-establishments-form.tsx';
import { RemoveStaffMemberForm } from './remove-staff-member-form.tsx';
import { StaffList } from './staff-list.tsx';
import {
  type StaffAction,
  StaffMemberActions,
  type StaffMemberPermissions,
} from './staff-member-actions.tsx';

type StaffMembersProps = {
  organizationId: string;
  organizationName: string;
  staff: StaffMember[];
  actorRole: OrgRole | null;
  establishments: Establishment[];
};

type OpenDialog = { kind: StaffAction; member: StaffMember } | null;

/**
 * The members with their roles. Change role and remove need MANAGE_STAFF for the organization and a member
 * not ranked above the user; establishment roles need MANAGE_STAFF for at least one establishment.
 */
export function StaffMembers({
  organizationId,
  organizationName,
  staff,
  actorRole,
  establishments,
}: StaffMembersProps) {
  const { t } = useTranslation();
  const permissions = usePermissions(organizationId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const canManage = permissions.can('MANAGE_STAFF') && actorRole !== null;
  const manageableIds = manageableEstablishmentIds(
    permissions.profile,
    establishments.map((establishment) => establishment.id),
  );
  const actionsOf = (member: StaffMember): StaffMemberPermissions => ({
    canChangeRole: canManage && !isOutranked(actorRole, member),
    canRemove:
      canManage && !isOutranked(actorRole, member) && member.staffUserId !== permissions.profile.userId,
    canEditEstablishments: manageableIds.size > 0,
  });
  const titles = {
    role: t('staff.changeRole.title'),
    establishments: t('staff.establishmentRoles.title'),
    remove: t('staff.remove.title'),
  };

  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="staff-members">
      <div className="card-body p-4 sm:p-6">
        <h2 id="staff-members" className="card-title">
          {t('staff.members.title')}
        </h2>
        <StaffList
          staff={staff}
          establishments={establishments}
          userId={permissions.profile.userId}
          actionsOf={(member) => (
            <StaffMemberActions
              member={member}
              permissions={actionsOf(member)}
              onOpen={(kind) => setDialog({ kind, member })}
            />
          )}
        />
      </div>

      <Dialog isOpen={dialog !== null} onClose={close} title={dialog ? titles[dialog.kind] : ''}>
        {dialog?.kind === 'role' && (
          <ChangeRoleForm
            organizationId={organizationId}
            member={dialog.member}
            actorRole={actorRole}
            onDone={close}
          />
        )}
        {dialog?.kind === 'establishments' && (
          <EditStaffEstablishmentsForm
            organizationId={organizationId}
            member={dialog.member}
            establishments={establishments}
            manageableIds={manageableIds}
            onDone={close}
          />
        )}
        {dialog?.kind === 'remove' && (
          <RemoveStaffMemberForm
            organizationId={organizationId}
            organizationName={organizationName}
            member={dialog.member}
            onDone={close}
          />
        )}
      </Dialog>
    </section>
  );
}
