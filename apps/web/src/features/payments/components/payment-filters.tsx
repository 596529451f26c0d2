import { addDays, addMonths, firstOfMonth } from '@reformer/domain/calendar-dates';
import { PAYMENT_METHODS, PAYMENT_STATUSES, PaymentsSearchParams } from '@reformer/domain/payments';
import { todayIn } from '@reformer/domain/time-zones';
import { useTranslation } from 'react-i18next';
import { DateFilter } from '@/components/form/date-field.tsx';
import { FiltersDisclosure } from '@/components/form/filters-disclosure.tsx';
import { type ListFilter, ListFilters } from '@/components/form/list-filters.tsx';
import { PaymentCustomerFilter } from './payment-customer-filter.tsx';
import { PaymentCycleFilter } from './payment-cycle-filter.tsx';

type SelectName = 'status' | 'method' | 'planId';
type Change = Partial<
  Record<SelectName | 'customerId' | 'from' | 'to' | 'cycleFrom' | 'cycleTo', string | undefined>
>;

type PaymentFiltersProps = {
  organizationId: string;
  query: PaymentsSearchParams;
  /** The plans to filter by; null when the member may not list plans (the filter is then left out). */
  plans: readonly { id: string; name: string }[] | null;
  /** The name of the customer the list is narrowed to, when the page knows it. */
  customerName: string | null;
  timeZone: string;
  /** A customer chosen by name, so the page can name them before the rows arrive. */
  onPickCustomer: (customer: { id: string; name: string }) => void;
  onChange: (next: PaymentsSearchParams) => void;
};

/** Period, status, method, plan and customer; a new choice goes to the URL and back to page 1. Folded on a phone. */
export function PaymentFilters({
  organizationId,
  query,
  plans,
  customerName,
  timeZone,
  onPickCustomer,
  onChange,
}: PaymentFiltersProps) {
  const { t } = useTranslation();
  const change = (next: Change) => {
    const merged = { ...query, ...next, page: 1 };
    // A period whose ends cross is refused by the API: the end not just chosen gives way.
    if (merged.from && merged.to && merged.to < merged.from) {
      if ('from' in next) merged.to = undefined;
      else merged.from = undefined;
    }
    onChange(PaymentsSearchParams.parse(merged));
  };
  const thisMonth = () => {
    const from = firstOfMonth(todayIn(timeZone));
    change({ from, to: addDays(addMonths(from, 1), -1) });
  };
  const filters: ListFilter<SelectName>[] = [
    {
      name: 'status',
      label: t('payments.filters.status'),
      allLabel: t('payments.filters.allStatuses'),
      options: PAYMENT_STATUSES.map((status) => ({ value: status, label: t(`payments.statuses.${status}`) })),
    },
    {
      name: 'method',
      label: t('payments.filters.method'),
      allLabel: t('payments.filters.allMethods'),
      options: PAYMENT_METHODS.map((method) => ({ value: method, label: t(`payments.methods.${method}`) })),
    },
    ...(plans
      ? [
          {
            name: 'planId' as const,
            label: t('payments.filters.plan'),
            allLabel: t('payments.filters.allPlans'),
            options: plans.map((plan) => ({ value: plan.id, label: plan.name })),
          },
        ]
      : []),
  ];

  const activeCount = (
    ['from', 'to', 'status', 'method', 'planId', 'customerId', 'cycleFrom'] as const
  ).filter((name) => query[name] !== undefined).length;

  return (
    <FiltersDisclosure activeCount={activeCount}>
      <div className="flex flex-col gap-3">
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="sr-only">{t('payments.filters.period')}</legend>
          <DateFilter
            label={t('payments.filters.from')}
            value={query.from}
            onChange={(from) => change({ from })}
          />
          <DateFilter label={t('payments.filters.to')} value={query.to} onChange={(to) => change({ to })} />
          <button type="button" className="btn btn-sm" onClick={thisMonth}>
            {t('payments.filters.thisMonth')}
          </button>
          {(query.from || query.to) && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => change({ from: undefined, to: undefined })}
            >
              {t('payments.filters.allDates')}
            </button>
          )}
        </fieldset>
        <ListFilters
          legend={t('payments.filters.label')}
          clearLabel={t('payments.filters.clear')}
          filters={filters}
          value={query}
          onChange={change}
        />
        <PaymentCycleFilter
          cycleFrom={query.cycleFrom}
          cycleTo={query.cycleTo}
          onRemove={() => change({ cycleFrom: undefined, cycleTo: undefined })}
        />
        {query.customerId ? (
          <p>
            <button
              type="button"
              className="badge badge-outline gap-1 py-3"
              aria-label={t('payments.filters.removeCustomer')}
              onClick={() => change({ customerId: undefined })}
            >
              {t('payments.filters.customer', { name: customerName ?? t('payments.filters.someCustomer') })}
              <span aria-hidden="true">×</span>
            </button>
          </p>
        ) : (
          <PaymentCustomerFilter
            organizationId={organizationId}
            onPick={(customer) => {
              onPickCustomer(customer);
              change({ customerId: customer.id });
            }}
          />
        )}
      </div>
    </FiltersDisclosure>
  );
}
