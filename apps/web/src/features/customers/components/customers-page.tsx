import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '@/lib/access-profile.ts';
import type { CustomerPageQuery } from '@/lib/customer-list.ts';
import { CustomerSearchInput } from './customer-search-input.tsx';
import { type CustomersQueryChange, CustomersResults } from './customers-results.tsx';
import { ExportCustomersButton } from './export-customers-button.tsx';

type CustomersPageProps = {
  organizationId: string;
  query: CustomerPageQuery;
  /** Writes the URL's search parameters (page, limit, search). */
  onQueryChange: CustomersQueryChange;
};

/** The customers list of spec §2: search, page and page size live in the URL. */
export function CustomersPage({ organizationId, query, onQueryChange }: CustomersPageProps) {
  const { t } = useTranslation();
  const permissions = usePermissions(organizationId);
  const onSearch = useCallback((search: string) => onQueryChange({ search, page: 1 }), [onQueryChange]);

  if (!permissions.canAny('VIEW_CUSTOMERS')) {
    return (
      <div role="alert" className="alert alert-error mx-auto max-w-3xl">
        {t('customers.list.accessDenied')}
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{t('customers.list.title')}</h1>
        <div className="flex flex-wrap gap-2">
          {permissions.can('EXPORT_CUSTOMERS') && (
            <ExportCustomersButton organizationId={organizationId} search={query.search} />
          )}
          {permissions.canAny('MANAGE_CUSTOMERS') && (
            <Link
              to="/app/org/$orgId/customers/new"
              params={{ orgId: organizationId }}
              className="btn btn-primary"
            >
              {t('customers.list.new')}
            </Link>
          )}
        </div>
      </header>
      <CustomerSearchInput value={query.search} onSearch={onSearch} />
      <CustomersResults organizationId={organizationId} query={query} onQueryChange={onQueryChange} />
    </div>
  );
}
