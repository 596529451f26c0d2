import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination, usePageClamp } from '@/components/ui/pagination.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { type CustomerPageQuery, customersQueryOptions } from '@/lib/customer-list.ts';
import { describeError } from '@/lib/error-messages.ts';
import { CustomersList } from './customers-list.tsx';

export type CustomersQueryChange = (
  next: Partial<CustomerPageQuery>,
  options?: { replace?: boolean },
) => void;

type CustomersResultsProps = {
  organizationId: string;
  query: CustomerPageQuery;
  onQueryChange: CustomersQueryChange;
};

/**
 * The page of customers for the URL's query. While the next page or search loads, the previous results
 * stay (dimmed) so the search box never unmounts under the user's typing. A page past the last one (an
 * old link, ?page=99, customers deleted) moves to the last page.
 */
export function CustomersResults({ organizationId, query, onQueryChange }: CustomersResultsProps) {
  const { t } = useTranslation();
  const customers = useQuery({
    ...customersQueryOptions(organizationId, query),
    placeholderData: keepPreviousData,
  });
  const toPage = useCallback((page: number) => onQueryChange({ page }, { replace: true }), [onQueryChange]);
  const isPastLastPage = usePageClamp({
    page: query.page,
    limit: query.limit,
    total: customers.isPlaceholderData ? undefined : customers.data?.total,
    onClamp: toPage,
  });

  // Past the last page, and the moment after while its empty page stands in for the corrected one.
  const isMovingToLastPage =
    isPastLastPage ||
    (customers.isPlaceholderData && customers.data.items.length === 0 && customers.data.total > 0);

  if (customers.isPending || isMovingToLastPage) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (customers.isError) {
    return (
      <div role="alert" className="alert alert-error flex flex-wrap justify-between">
        <span>{describeError(customers.error)}</span>
        <button type="button" className="btn btn-sm" onClick={() => customers.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }

  const { data } = customers;
  if (data.total === 0) {
    return (
      <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
        <p className="text-lg font-semibold">
          {query.search
            ? t('customers.list.noMatchesTitle', { search: query.search })
            : t('customers.list.emptyTitle')}
        </p>
        <p className="text-base-content/70">
          {query.search ? t('customers.list.noMatchesBody') : t('customers.list.emptyBody')}
        </p>
      </div>
    );
  }

  return (
    <div
      className={`flex flex-col gap-4 transition-opacity ${customers.isPlaceholderData ? 'opacity-60' : ''}`}
      aria-busy={customers.isPlaceholderData}
    >
      <CustomersList organizationId={organizationId} customers={data.items} />
      <Pagination
        list="customers"
        page={query.page}
        limit={query.limit}
        total={data.total}
        onChange={onQueryChange}
      />
    </div>
  );
}
