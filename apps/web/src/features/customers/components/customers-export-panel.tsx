import { useTranslation } from 'react-i18next';
import { ExportCustomersButton } from './export-customers-button.tsx';

/** The "Export" tab of organization settings: the whole customers list as a CSV file. */
export function CustomersExportPanel({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="settings-export">
      <div className="card-body">
        <h2 id="settings-export" className="card-title">
          {t('customers.export.title')}
        </h2>
        <p className="text-base-content/80">{t('customers.export.description')}</p>
        <div className="card-actions justify-end">
          <ExportCustomersButton organizationId={organizationId} className="btn btn-primary" />
        </div>
      </div>
    </section>
  );
}
