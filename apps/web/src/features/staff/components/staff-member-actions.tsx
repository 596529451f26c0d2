import type { StaffMember } from '@reformer/domain/staff';
import { useTranslation } from 'react-i18next';

export type StaffAction = 'role' | 'establishments' | 'remove';

export type StaffMemberPermissions = {
  canChangeRole: boolean;
  canRemove: boolean;
  canEditEstablishments: boolean;
};

type StaffMemberActionsProps = {
  member: StaffMember;
  permissions: StaffMemberPermissions;
  onOpen: (action: StaffAction) => void;
};

/** Change role, establishment roles and remove: those the user may take on this member. */
export function StaffMemberActions({ member, permissions, onOpen }: StaffMemberActionsProps) {
  const { t } = useTranslation();
  const name = member.name ?? member.email;
  return (
    <div className="flex flex-wrap gap-1 xl:justify-end">
      {permissions.canChangeRole && (
        <button
          type="button"
          className="btn btn-xs"
          aria-label={t('staff.changeRole.openLabel', { name })}
          onClick={() => onOpen('role')}
        >
          {t('staff.changeRole.open')}
        </button>
      )}
      {permissions.canEditEstablishments && (
        <button
          type="button"
          className="btn btn-xs"
          aria-label={t('staff.establishmentRoles.openLabel', { name })}
          onClick={() => onOpen('establishments')}
        >
          {t('staff.establishmentRoles.open')}
        </button>
      )}
      {permissions.canRemove && (
        <button
          type="button"
          className="btn btn-xs btn-ghost text-error"
          aria-label={t('staff.remove.openLabel', { name })}
          onClick={() => onOpen('remove')}
        >
          {t('staff.remove.open')}
        </button>
      )}
    </div>
  );
}
