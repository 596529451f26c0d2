import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ImportWizardSearch } from '../import-wizard-search.ts';
import { CustomerImportWizard } from './customer-import-wizard.tsx';

type CustomerImportPageProps = {
  organizationId: string;
  search: ImportWizardSearch;
  onSearchChange: (search: ImportWizardSearch, options: { replace: boolean }) => void;
};

export function CustomerImportPage({ organizationId, search, onSearchChange }: CustomerImportPageProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <Link
        to="/app/org/$orgId/settings"
        params={{ orgId: organizationId }}
        search={{ tab: 'import' }}
        className="link link-hover self-start text-sm"
      >
        {t('import.backToSettings')}
      </Link>
      <div>
        <h1 className="text-3xl font-bold">{t('import.title')}</h1>
        <p className="text-base-content/80">{t('import.subtitle')}</p>
      </div>
      <CustomerImportWizard organizationId={organizationId} search={search} onSearchChange={onSearchChange} />
    </div>
  );
}
