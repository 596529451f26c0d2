import type { Establishment } from '@reformer/domain/establishments';
import type { EstablishmentAssignment, StaffMember } from '@reformer/domain/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EstablishmentRolesEditor } from '@/components/form/establishment-roles-editor.tsx';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { useSetStaffEstablishments } from '../api/set-staff-establishments.ts';
import { EstablishmentRoleList } from './establishment-role-list.tsx';

type EditStaffEstablishmentsFormProps = {
  organizationId: string;
  member: StaffMember;
  establishments: Establishment[];
  /** Establishments whose staff the user manages; roles elsewhere are shown but kept as they are. */
  manageableIds: Set<string>;
  onDone: () => void;
};

export function EditStaffEstablishmentsForm({
  organizationId,
  member,
  establishments,
  manageableIds,
  onDone,
}: EditStaffEstablishmentsFormProps) {
  const { t } = useTranslation();
  const isManageable = (assignment: EstablishmentAssignment) => manageableIds.has(assignment.establishmentId);
  const kept = member.establishments.filter((assignment) => !isManageable(assignment));
  const [rows, setRows] = useState(member.establishments.filter(isManageable));
  const setEstablishments = useSetStaffEstablishments(organizationId, { onSuccess: onDone });
  const name = member.name ?? member.email;

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setEstablishments.mutate({
          staffUserId: member.staffUserId,
          establishments: [...kept, ...rows],
          name,
        });
      }}
    >
      <p className="text-sm text-base-content/70">{t('staff.establishmentRoles.hint', { name })}</p>
      <EstablishmentRolesEditor
        value={rows}
        onChange={setRows}
        establishments={establishments.filter((establishment) => manageableIds.has(establishment.id))}
      />
      {kept.length > 0 && (
        <div className="text-sm">
          <p className="font-medium">{t('staff.establishmentRoles.kept')}</p>
          <EstablishmentRoleList
            assignments={kept}
            establishments={establishments}
            className="list-inside list-disc"
          />
        </div>
      )}
      <DialogActions onCancel={onDone}>
        <button type="submit" className="btn btn-primary" disabled={setEstablishments.isPending}>
          {setEstablishments.isPending ? t('common.saving') : t('common.save')}
        </button>
      </DialogActions>
    </form>
  );
}
