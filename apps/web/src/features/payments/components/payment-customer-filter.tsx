import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { CUSTOMER_SEARCH_MIN_LENGTH } from '@/lib/customer-list.ts';
import { usePaymentCustomers } from './use-payment-customers.ts';

/** Narrows the list to one customer, found by name from 2 characters. */
export function PaymentCustomerFilter({
  organizationId,
  onPick,
}: {
  organizationId: string;
  onPick: (customer: { id: string; name: string }) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const { search, isTooShort, results, items } = usePaymentCustomers(organizationId, text, false);
  return (
    <div className="flex w-full flex-col gap-1 sm:w-72">
      <label htmlFor={id} className="text-xs font-medium">
        {t('payments.filters.customerSearch')}
      </label>
      <input
        id={id}
        type="search"
        className="input input-sm w-full"
        placeholder={t('payments.customerStep.placeholder')}
        value={text}
        maxLength={200}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      {isTooShort && (
        <p className="text-xs text-base-content/70">
          {t('payments.customerStep.searchMin', { min: CUSTOMER_SEARCH_MIN_LENGTH })}
        </p>
      )}
      {search && results.isPending && <Spinner />}
      {search && results.isSuccess && !results.isPlaceholderData && items.length === 0 && (
        <p className="text-xs text-base-content/70">{t('payments.customerStep.noCustomers', { search })}</p>
      )}
      {search && items.length > 0 && (
        <ul
          aria-label={t('payments.customerStep.results')}
          className="max-h-48 overflow-y-auto rounded-box border border-base-300 bg-base-100"
        >
          {items.map((customer) => (
            <li key={customer.customerId} className="border-b border-base-300 last:border-b-0">
              <button
                type="button"
                className="w-full cursor-pointer px-3 py-2 text-start text-sm hover:bg-base-200 focus-visible:bg-base-200"
                onClick={() => onPick({ id: customer.customerId, name: customer.name })}
              >
                {customer.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
