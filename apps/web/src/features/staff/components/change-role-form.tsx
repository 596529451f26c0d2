import { assignableOrgRoles, type OrgRole, ROLE_LABEL_KEYS } from '@reformer/domain/permissions';
import type { StaffMember } from '@reformer/domain/staff';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { useChangeStaffRole } from '../api/change-staff-role.ts';

type ChangeRoleFormProps = {
  organizationId: string;
  member: StaffMember;
  actorRole: OrgRole | null;
  onDone: () => void;
};

/** Pick the new role, read what it means, confirm. Demoting the last owner is refused (LAST_OWNER). */
export function ChangeRoleForm({ organizationId, member, actorRole, onDone }: ChangeRoleFormProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const roles = assignableOrgRoles(actorRole);
  const [role, setRole] = useState<OrgRole | undefined>(
    roles.find((candidate) => candidate === member.role) ?? roles.at(-1),
  );
  const changeRole = useChangeStaffRole(organizationId, { onSuccess: onDone });
  const name = member.name ?? member.email;
  const isLastOwner = changeRole.error instanceof ApiError && changeRole.error.code === 'LAST_OWNER';

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (role) changeRole.mutate({ staffUserId: member.staffUserId, role, name });
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-medium">
          {t('staff.changeRole.newRole')}
        </label>
        <select
          id={selectId}
          className="select w-full"
          value={role}
          onChange={(event) => setRole(roles.find((candidate) => candidate === event.target.value))}
        >
          {roles.map((option) => (
            <option key={option} value={option}>
              {t(ROLE_LABEL_KEYS[option])}
            </option>
          ))}
        </select>
        {role && <p className="text-xs text-base-content/70">{t(`staff.roleDescriptions.${role}`)}</p>}
      </div>
      {role && <p>{t('staff.changeRole.confirm', { name, role: t(ROLE_LABEL_KEYS[role]) })}</p>}
      {isLastOwner && (
        <div role="alert" className="alert alert-warning">
          {t('errors.LAST_OWNER')}
        </div>
      )}
      <DialogActions onCancel={onDone}>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!role || role === member.role || changeRole.isPending}
        >
          {t('staff.changeRole.submit')}
        </button>
      </DialogActions>
    </form>
  );
}
