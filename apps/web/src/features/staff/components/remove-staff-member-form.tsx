import type { StaffMember } from '@reformer/domain/staff';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { useRemoveStaffMember } from '../api/remove-staff-member.ts';

type RemoveStaffMemberFormProps = {
  organizationId: string;
  organizationName: string;
  member: StaffMember;
  onDone: () => void;
};

/** Confirmation before the member loses access (on their next request). */
export function RemoveStaffMemberForm({
  organizationId,
  organizationName,
  member,
  onDone,
}: RemoveStaffMemberFormProps) {
  const { t } = useTranslation();
  const removeMember = useRemoveStaffMember(organizationId, { onSuccess: onDone });
  const name = member.name ?? member.email;
  const isLastOwner = removeMember.error instanceof ApiError && removeMember.error.code === 'LAST_OWNER';

  return (
    <div className="flex flex-col gap-4">
      <p>{t('staff.remove.body', { name, organizationName })}</p>
      {isLastOwner && (
        <div role="alert" className="alert alert-warning">
          {t('errors.LAST_OWNER')}
        </div>
      )}
      <DialogActions onCancel={onDone}>
        <button
          type="button"
          className="btn btn-error"
          disabled={removeMember.isPending || isLastOwner}
          onClick={() => removeMember.mutate({ staffUserId: member.staffUserId, name })}
        >
          {t('staff.remove.submit')}
        </button>
      </DialogActions>
    </div>
  );
}
