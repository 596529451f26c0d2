import type { PayableCustomerList } from '@reformer/domain/payments';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { CUSTOMER_SEARCH_MIN_LENGTH } from '@/lib/customer-list.ts';
import { usePaymentCustomers } from './use-payment-customers.ts';

export type ChosenCustomer = { id: string; name: string };

type PaymentCustomerStepProps = {
  organizationId: string;
  /** The search as typed; kept by the page so going back shows it again. */
  text: string;
  onTextChange: (text: string) => void;
  value: ChosenCustomer | null;
  onChange: (customer: ChosenCustomer) => void;
};

/**
 * Step 1: the customer, by name (or among the most recently enrolled). A customer without an enrollment
 * is listed but cannot be chosen, and says why (spec §2: only enrolled customers can be charged).
 */
export function PaymentCustomerStep({
  organizationId,
  text,
  onTextChange,
  value,
  onChange,
}: PaymentCustomerStepProps) {
  const { t } = useTranslation();
  const id = useId();
  const { search, isTooShort, results, items } = usePaymentCustomers(organizationId, text, true);
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 text-lg font-semibold">{t('payments.customerStep.title')}</legend>
      <label htmlFor={id} className="sr-only">
        {t('payments.customerStep.search')}
      </label>
      <input
        id={id}
        type="search"
        className="input w-full"
        placeholder={t('payments.customerStep.placeholder')}
        value={text}
        maxLength={200}
        autoComplete="off"
        onChange={(event) => onTextChange(event.target.value)}
      />
      {isTooShort && (
        <p className="text-xs text-base-content/70">
          {t('payments.customerStep.searchMin', { min: CUSTOMER_SEARCH_MIN_LENGTH })}
        </p>
      )}
      {results.isPending && <Spinner />}
      {results.isError && <QueryError error={results.error} onRetry={results.refetch} />}
      {results.isSuccess && !results.isPlaceholderData && items.length === 0 && (
        <p className="text-sm text-base-content/70">
          {search ? t('payments.customerStep.noCustomers', { search }) : t('payments.customerStep.noneYet')}
        </p>
      )}
      {items.length > 0 && (
        <div className={results.isPlaceholderData ? 'opacity-60' : ''}>
          <p className="mb-1 text-sm font-medium text-base-content/70">
            {search ? t('payments.customerStep.results') : t('payments.customerStep.recent')}
          </p>
          <ul className="flex max-h-80 flex-col overflow-y-auto rounded-box border border-base-300">
            {items.map((customer) => (
              <CustomerOption
                key={customer.customerId}
                customer={customer}
                isChosen={value?.id === customer.customerId}
                onChoose={() => onChange({ id: customer.customerId, name: customer.name })}
              />
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}

function CustomerOption({
  customer,
  isChosen,
  onChoose,
}: {
  customer: PayableCustomerList['items'][number];
  isChosen: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  // A pack, single or trial class sold to them is paid through the same flow (decision 029).
  const isEnrolled = customer.enrollmentCount + customer.purchaseCount > 0;
  return (
    <li className="border-b border-base-300 last:border-b-0">
      <label
        className={`flex items-start gap-3 px-3 py-2 ${isEnrolled ? 'cursor-pointer hover:bg-base-200' : 'opacity-70'}`}
      >
        <input
          type="radio"
          name="payment-customer"
          className="radio radio-sm mt-0.5"
          checked={isChosen}
          disabled={!isEnrolled}
          aria-describedby={hintId}
          onChange={onChoose}
        />
        <span className="min-w-0">
          <span className="block font-medium break-words">{customer.name}</span>
          <span id={hintId} className="block text-xs text-base-content/70">
            {isEnrolled
              ? [
                  customer.enrollmentCount > 0 &&
                    t('payments.customerStep.enrollments', { count: customer.enrollmentCount }),
                  customer.purchaseCount > 0 &&
                    t('payments.customerStep.purchases', { count: customer.purchaseCount }),
                ]
                  .filter(Boolean)
                  .join(' · ')
              : t('payments.customerStep.notEnrolled')}
          </span>
        </span>
      </label>
    </li>
  );
}
