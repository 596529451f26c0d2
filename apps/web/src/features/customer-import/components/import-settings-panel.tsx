import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The "Import" tab of organization settings: what the import does, and the way into the wizard. */
export function ImportSettingsPanel({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="settings-import">
      <div className="card-body">
        <h2 id="settings-import" className="card-title">
          {t('import.panel.title')}
        </h2>
        <p className="text-base-content/80">{t('import.panel.description')}</p>
        <div className="card-actions justify-end">
          <Link
            to="/app/org/$orgId/settings/import/customers"
            params={{ orgId: organizationId }}
            className="btn btn-primary"
          >
            {t('import.panel.open')}
          </Link>
        </div>
      </div>
    </section>
  );
}
