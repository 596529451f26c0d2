import type { Establishment } from '@reformer/domain/establishments';
import { ROLE_LABEL_KEYS } from '@reformer/domain/permissions';
import type { StaffMember } from '@reformer/domain/staff';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/format.ts';

export type StaffAction = 'role' | 'establishments' | 'remove';

type StaffRowProps = {
  member: StaffMember;
  establishments: Establishment[];
  isSelf: boolean;
  actions: { canChangeRole: boolean; canRemove: boolean; canEditEstablishments: boolean };
  onOpen: (action: StaffAction) => void;
};

/** A member with their roles, and the actions the user may take on them. */
export function StaffRow({ member, establishments, isSelf, actions, onOpen }: StaffRowProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const name = member.name ?? member.email;
  const nameOf = (id: string) => establishments.find((establishment) => establishment.id === id)?.name ?? id;

  return (
    <tr>
      <th scope="row" className="font-medium">
        {member.email}
        {isSelf && <span className="badge badge-ghost badge-sm ml-2">{t('staff.members.you')}</span>}
      </th>
      <td>{member.name ?? t('common.none')}</td>
      <td>{member.role ? t(ROLE_LABEL_KEYS[member.role]) : t('roles.none')}</td>
      <td>
        <span className={`badge badge-sm ${member.status === 'active' ? 'badge-success' : 'badge-warning'}`}>
          {t(`staff.status.${member.status}`)}
        </span>
      </td>
      <td className="hidden md:table-cell">{formatDate(member.joinedAt)}</td>
      <td>
        {member.establishments.length === 0 ? (
          t('common.none')
        ) : (
          <ul className="text-sm">
            {member.establishments.map((assignment) => (
              <li key={assignment.establishmentId}>
                {t('staff.establishmentRoles.item', {
                  establishment: nameOf(assignment.establishmentId),
                  role: t(ROLE_LABEL_KEYS[assignment.role]),
                })}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        <div className="flex flex-wrap justify-end gap-1">
          {actions.canChangeRole && (
            <button
              type="button"
              className="btn btn-xs"
              aria-label={t('staff.changeRole.openLabel', { name })}
              onClick={() => onOpen('role')}
            >
              {t('staff.changeRole.open')}
            </button>
          )}
          {actions.canEditEstablishments && (
            <button
              type="button"
              className="btn btn-xs"
              aria-label={t('staff.establishmentRoles.openLabel', { name })}
              onClick={() => onOpen('establishments')}
            >
              {t('staff.establishmentRoles.open')}
            </button>
          )}
          {actions.canRemove && (
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
      </td>
    </tr>
  );
}
