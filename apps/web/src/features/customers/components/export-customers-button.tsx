import { useTranslation } from 'react-i18next';
import { useExportCustomers } from '../api/export-customers.ts';

/** Downloads the customers list (filtered by `search` when given) as CSV; needs EXPORT_CUSTOMERS. */
export function ExportCustomersButton({
  organizationId,
  search = '',
  className = 'btn',
}: {
  organizationId: string;
  search?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const exportCustomers = useExportCustomers(organizationId);
  return (
    <button
      type="button"
      className={className}
      disabled={exportCustomers.isPending}
      onClick={() => exportCustomers.mutate(search)}
    >
      {exportCustomers.isPending ? t('customers.export.loading') : t('customers.export.button')}
    </button>
  );
}
