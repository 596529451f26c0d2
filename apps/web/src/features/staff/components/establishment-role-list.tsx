import type { Establishment } from '@reformer/domain/establishments';
import { ROLE_LABEL_KEYS } from '@reformer/domain/permissions';
import type { EstablishmentAssignment } from '@reformer/domain/staff';
import { useTranslation } from 'react-i18next';

type EstablishmentRoleListProps = {
  assignments: EstablishmentAssignment[];
  establishments: Establishment[];
  className?: string;
};

/** "Studio Centro: Instructor", one line per establishment a member works in. */
export function EstablishmentRoleList({
  assignments,
  establishments,
  className,
}: EstablishmentRoleListProps) {
  const { t } = useTranslation();
  const nameOf = (id: string) => establishments.find((establishment) => establishment.id === id)?.name ?? id;
  return (
    <ul className={className}>
      {assignments.map((assignment) => (
        <li key={assignment.establishmentId}>
          {t('staff.establishmentRoles.item', {
            establishment: nameOf(assignment.establishmentId),
            role: t(ROLE_LABEL_KEYS[assignment.role]),
          })}
        </li>
      ))}
    </ul>
  );
}
