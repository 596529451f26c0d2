import { type OrgRole, ROLE_LABEL_KEYS } from '@reformer/domain/permissions';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@/lib/i18n-keys.ts';

/** Invitations carry establishment roles as plain strings; an unknown value is shown as it is. */
function roleLabelKey(role: string): TranslationKey | null {
  return role in ROLE_LABEL_KEYS ? ROLE_LABEL_KEYS[role as keyof typeof ROLE_LABEL_KEYS] : null;
}

type InvitationRolesProps = {
  role: OrgRole | null;
  /** `name` is null when the establishment is no longer in the list (deleted since the invitation). */
  assignments: { establishmentId: string; role: string; name: string | null }[];
};

/** The organization role an invitation grants, and its establishment roles below it. */
export function InvitationRoles({ role, assignments }: InvitationRolesProps) {
  const { t } = useTranslation();
  return (
    <div>
      <div>{role ? t(ROLE_LABEL_KEYS[role]) : t('roles.none')}</div>
      {assignments.length > 0 && (
        <ul className="text-xs text-base-content/70">
          {assignments.map((assignment) => {
            const key = roleLabelKey(assignment.role);
            return (
              <li key={assignment.establishmentId}>
                {t('staff.establishmentRoles.item', {
                  establishment: assignment.name ?? t('invitations.unknownEstablishment'),
                  role: key ? t(key) : assignment.role,
                })}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
