import type { CustomerStatus } from '@reformer/domain/customers';
import { useTranslation } from 'react-i18next';

const BADGE_CLASS: Record<CustomerStatus, string> = {
  ACTIVE: 'badge-success',
  INACTIVE: 'badge-ghost',
  PENDING: 'badge-warning',
  DELETED: 'badge-error',
  PURGED: 'badge-neutral',
};

export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge-sm whitespace-nowrap ${BADGE_CLASS[status]}`}>
      {t(`customers.statuses.${status}`)}
    </span>
  );
}
