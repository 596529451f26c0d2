import { useTranslation } from 'react-i18next';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { ExportCustomersButton } from './export-customers-button.tsx';

/** The "Export" tab of organization settings: the whole customers list as a CSV file. */
export function CustomersExportPanel({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  return (
    <SettingsCard
      id="export"
      title={t('customers.export.title')}
      description={t('customers.export.description')}
    >
      <div className="card-actions justify-end">
        <ExportCustomersButton organizationId={organizationId} className="btn btn-primary" />
      </div>
    </SettingsCard>
  );
}
