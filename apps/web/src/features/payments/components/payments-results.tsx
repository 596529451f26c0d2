import type { Payment, PaymentList, PaymentsSearchParams } from '@reformer/domain/payments';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination, usePageClamp } from '@/components/ui/pagination.tsx';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { PaymentTotals } from './payment-totals.tsx';
import { PaymentsList } from './payments-list.tsx';

export type PaymentsQueryChange = (
  next: Partial<PaymentsSearchParams>,
  options?: { replace?: boolean },
) => void;

type PaymentsResultsProps = {
  query: PaymentsSearchParams;
  /** The page of the URL's query (kept while the next loads, dimmed). */
  payments: UseQueryResult<PaymentList>;
  onQueryChange: PaymentsQueryChange;
  actionsOf: (payment: Payment) => ReactNode;
};

/**
 * The totals of the filtered payments and their page. A page past the last one (a payment deleted, a
 * filter narrowed, an old link) moves to the last page.
 */
export function PaymentsResults({ query, payments, onQueryChange, actionsOf }: PaymentsResultsProps) {
  const { t } = useTranslation();
  const toPage = useCallback((page: number) => onQueryChange({ page }, { replace: true }), [onQueryChange]);
  const isPastLastPage = usePageClamp({
    page: query.page,
    limit: query.limit,
    total: payments.isPlaceholderData ? undefined : payments.data?.total,
    onClamp: toPage,
  });

  if (payments.isPending || isPastLastPage) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (payments.isError) {
    return <QueryError error={payments.error} onRetry={payments.refetch} />;
  }

  const { data } = payments;
  const isFiltered = Boolean(
    query.from ||
      query.to ||
      query.status ||
      query.method ||
      query.customerId ||
      query.planId ||
      query.cycleFrom ||
      query.cycleTo,
  );
  return (
    <div
      className={`flex flex-col gap-4 transition-opacity ${payments.isPlaceholderData ? 'opacity-60' : ''}`}
      aria-busy={payments.isPlaceholderData}
    >
      <PaymentTotals totals={data.totals} query={query} />
      {data.total === 0 ? (
        <div className="rounded-box border border-dashed border-base-300 p-10 text-center">
          <p className="text-lg font-semibold">
            {isFiltered ? t('payments.noMatchesTitle') : t('payments.emptyTitle')}
          </p>
          <p className="text-base-content/70">
            {isFiltered ? t('payments.noMatchesBody') : t('payments.emptyBody')}
          </p>
        </div>
      ) : (
        <>
          <PaymentsList payments={data.items} actionsOf={actionsOf} />
          <Pagination
            list="payments"
            page={query.page}
            limit={query.limit}
            total={data.total}
            onChange={onQueryChange}
          />
        </>
      )}
    </div>
  );
}
