import { type OrgRole, ROLE_LABEL_KEYS } from '@reformer/domain/permissions';
import { useTranslation } from 'react-i18next';

/** A member's organization role; members with only establishment roles have none at the organization. */
export function RoleLabel({ role }: { role: OrgRole | null }) {
  const { t } = useTranslation();
  return <>{role ? t(ROLE_LABEL_KEYS[role]) : t('roles.none')}</>;
}
