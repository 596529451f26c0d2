import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from '@/components/ui/settings-card.tsx';

/** The "Import" tab of organization settings: what the import does, and the way into the wizard. */
export function ImportSettingsPanel({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  return (
    <SettingsCard id="import" title={t('import.panel.title')} description={t('import.panel.description')}>
      <div className="card-actions justify-end">
        <Link
          to="/app/org/$orgId/settings/import/customers"
          params={{ orgId: organizationId }}
          className="btn btn-primary"
        >
          {t('import.panel.open')}
        </Link>
      </div>
    </SettingsCard>
  );
}
