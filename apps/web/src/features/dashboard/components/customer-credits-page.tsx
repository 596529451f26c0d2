import type { CustomerCredit, CustomerCreditsSearchParams } from '@reformer/domain/customer-credits';
import { CURRENCIES } from '@reformer/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '@/components/form/list-filters.tsx';
import { Pagination, usePageClamp } from '@/components/ui/pagination.tsx';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TableOrCards } from '@/components/ui/table-or-cards.tsx';
import { useFormatMoney } from '@/lib/format.ts';
import { customerCreditsQueryOptions } from '../api/get-customer-credits.ts';

type CustomerCreditsPageProps = {
  organizationId: string;
  query: CustomerCreditsSearchParams;
  onQueryChange: (next: Partial<CustomerCreditsSearchParams>, options?: { replace?: boolean }) => void;
};

/**
 * The customers holding credit (decision 028), the list the dashboard's credit figure opens: largest balance
 * first, per currency. Each name opens the customer, whose billing tab spends it ("Use credit").
 */
export function CustomerCreditsPage({ organizationId, query, onQueryChange }: CustomerCreditsPageProps) {
  const { t } = useTranslation();
  const credits = useQuery(customerCreditsQueryOptions(organizationId, query));
  const toPage = useCallback((page: number) => onQueryChange({ page }, { replace: true }), [onQueryChange]);
  const isPastLastPage = usePageClamp({
    page: query.page,
    limit: query.limit,
    total: credits.isPlaceholderData ? undefined : credits.data?.total,
    onClamp: toPage,
  });
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold">{t('customerCredits.title')}</h1>
        <p className="text-base-content/70">{t('customerCredits.subtitle')}</p>
      </header>
      <ListFilters
        legend={t('customerCredits.filters.label')}
        clearLabel={t('customerCredits.filters.clear')}
        filters={[
          {
            name: 'currency',
            label: t('customerCredits.filters.currency'),
            allLabel: t('customerCredits.filters.allCurrencies'),
            options: CURRENCIES.map((currency) => ({ value: currency, label: currency })),
          },
        ]}
        value={query}
        onChange={(next) => onQueryChange({ ...next, page: 1 } as Partial<CustomerCreditsSearchParams>)}
      />
      {credits.isPending || isPastLastPage ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : credits.isError ? (
        <QueryError error={credits.error} onRetry={credits.refetch} />
      ) : credits.data.total === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 p-10 text-center">
          {t('customerCredits.empty')}
        </p>
      ) : (
        <div
          className={`flex flex-col gap-4 ${credits.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={credits.isPlaceholderData}
        >
          <CreditsTable organizationId={organizationId} items={credits.data.items} />
          <Pagination
            list="customerCredits"
            page={query.page}
            limit={query.limit}
            total={credits.data.total}
            onChange={onQueryChange}
          />
        </div>
      )}
    </div>
  );
}

function CustomerLink({ organizationId, credit }: { organizationId: string; credit: CustomerCredit }) {
  return (
    <Link
      to="/app/org/$orgId/customers/$customerId/details"
      params={{ orgId: organizationId, customerId: credit.customerId }}
      className="link link-hover font-medium"
    >
      {credit.name}
    </Link>
  );
}

function CreditsTable({ organizationId, items }: { organizationId: string; items: CustomerCredit[] }) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const key = (credit: CustomerCredit) => `${credit.customerId}-${credit.currency}`;
  return (
    <TableOrCards
      tableFrom="md"
      isFramed
      table={
        <table className="table">
          <thead>
            <tr>
              <th>{t('customerCredits.customer')}</th>
              <th className="text-right">{t('customerCredits.balance')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((credit) => (
              <tr key={key(credit)}>
                <td>
                  <CustomerLink organizationId={organizationId} credit={credit} />
                </td>
                <td className="text-right tabular-nums">
                  {formatMoney(credit.balanceCents, credit.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
      cards={items.map((credit) => (
        <li key={key(credit)} className="card border border-base-300 bg-base-100">
          <div className="card-body flex-row items-center justify-between gap-3 p-4">
            <CustomerLink organizationId={organizationId} credit={credit} />
            <span className="tabular-nums">{formatMoney(credit.balanceCents, credit.currency)}</span>
          </div>
        </li>
      ))}
    />
  );
}
