import { PURCHASABLE_PLAN_KINDS } from '@reformer/domain/customer-plans';
import {
  PURCHASE_PAYMENT_STATES,
  PURCHASE_STATES,
  type PurchasesSearchParams,
} from '@reformer/domain/purchases';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '@/components/form/list-filters.tsx';
import { Pagination, usePageClamp } from '@/components/ui/pagination.tsx';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { purchasesQueryOptions } from '../api/get-purchases.ts';
import { PurchaseSummary } from './purchase-summary.tsx';

export type PurchasesQueryChange = (
  next: Partial<PurchasesSearchParams>,
  options?: { replace?: boolean },
) => void;

type PurchasesPageProps = {
  organizationId: string;
  query: PurchasesSearchParams;
  onQueryChange: PurchasesQueryChange;
};

/** The plans sold (decision 029), newest first; filters, page and page size live in the URL. */
export function PurchasesPage({ organizationId, query, onQueryChange }: PurchasesPageProps) {
  const { t } = useTranslation();
  const kinds = PURCHASABLE_PLAN_KINDS.map((value) => ({ value, label: t(`purchases.kinds.${value}`) }));
  const states = PURCHASE_STATES.map((value) => ({ value, label: t(`purchases.states.${value}`) }));
  const payments = PURCHASE_PAYMENT_STATES.map((value) => ({
    value,
    label: t(`purchases.paymentStates.${value}`),
  }));
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">{t('purchases.title')}</h1>
        <p className="text-base-content/70">{t('purchases.subtitle')}</p>
      </header>
      <ListFilters
        legend={t('purchases.filters.legend')}
        clearLabel={t('purchases.filters.clear')}
        value={query}
        onChange={(next) => onQueryChange({ ...next, page: 1 } as Partial<PurchasesSearchParams>)}
        filters={[
          {
            name: 'kind',
            label: t('purchases.filters.kind'),
            allLabel: t('purchases.filters.all'),
            options: kinds,
          },
          {
            name: 'state',
            label: t('purchases.filters.state'),
            allLabel: t('purchases.filters.all'),
            options: states,
          },
          {
            name: 'paymentState',
            label: t('purchases.filters.paymentState'),
            allLabel: t('purchases.filters.all'),
            options: payments,
          },
        ]}
      />
      <PurchasesResults organizationId={organizationId} query={query} onQueryChange={onQueryChange} />
    </div>
  );
}

function PurchasesResults({ organizationId, query, onQueryChange }: PurchasesPageProps) {
  const { t } = useTranslation();
  const purchases = useQuery({
    ...purchasesQueryOptions(organizationId, query),
    placeholderData: keepPreviousData,
  });
  const toPage = useCallback((page: number) => onQueryChange({ page }, { replace: true }), [onQueryChange]);
  const isPastLastPage = usePageClamp({
    page: query.page,
    limit: query.limit,
    total: purchases.isPlaceholderData ? undefined : purchases.data?.total,
    onClamp: toPage,
  });
  if (purchases.isPending || isPastLastPage) return <Spinner />;
  if (purchases.isError) return <QueryError error={purchases.error} onRetry={purchases.refetch} />;
  if (purchases.data.total === 0)
    return (
      <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
        <p>{t('purchases.empty')}</p>
      </div>
    );
  return (
    <div className={`flex flex-col gap-4 ${purchases.isPlaceholderData ? 'opacity-60' : ''}`}>
      <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
        {purchases.data.items.map((purchase) => (
          <li key={purchase.id} className="flex flex-col gap-1 p-3">
            <Link
              to="/app/org/$orgId/customers/$customerId/details"
              params={{ orgId: organizationId, customerId: purchase.customerId }}
              search={{ tab: 'enrollments' }}
              className="link font-semibold"
            >
              {purchase.customerName}
            </Link>
            <PurchaseSummary purchase={purchase} />
          </li>
        ))}
      </ul>
      <Pagination
        list="purchases"
        page={query.page}
        limit={query.limit}
        total={purchases.data.total}
        onChange={onQueryChange}
      />
    </div>
  );
}
