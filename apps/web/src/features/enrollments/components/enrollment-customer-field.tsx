import { ENROLLMENT_CUSTOMER_SEARCH_MIN } from '@reformer/domain/enrollments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { customersQueryOptions } from '@/lib/customer-list.ts';
import { usePersonName } from '@/lib/person-name.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';

export type PickedCustomer = { id: string; name: string };

type EnrollmentCustomerFieldProps = {
  organizationId: string;
  value: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  error?: string | undefined;
};

/** The customer: their name once chosen (with Change), otherwise a search from 2 characters (spec §5). */
export function EnrollmentCustomerField({
  organizationId,
  value,
  onChange,
  error,
}: EnrollmentCustomerFieldProps) {
  const { t } = useTranslation();
  const [isSearching, setIsSearching] = useState(false);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('enrollments.form.fields.customer')}</legend>
      {value ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-lg badge-outline max-w-full truncate">{value.name}</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={t('enrollments.form.hints.changeCustomerLabel', { name: value.name })}
            onClick={() => {
              setIsSearching(true);
              onChange(null);
            }}
          >
            {t('enrollments.form.hints.changeCustomer')}
          </button>
        </div>
      ) : (
        <CustomerSearch
          organizationId={organizationId}
          shouldFocus={isSearching}
          isInvalid={Boolean(error)}
          onPick={onChange}
        />
      )}
      {error && <p className="border-l-2 border-error pl-2 text-sm font-medium">{error}</p>}
    </fieldset>
  );
}

type CustomerSearchProps = {
  organizationId: string;
  shouldFocus: boolean;
  isInvalid: boolean;
  onPick: (customer: PickedCustomer) => void;
};

/** The customers list's own search (accent-insensitive), asked once the text has 2 characters. */
function CustomerSearch({ organizationId, shouldFocus, isInvalid, onPick }: CustomerSearchProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const nameOf = usePersonName();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const canSearch = search.length >= ENROLLMENT_CUSTOMER_SEARCH_MIN;
  const results = useQuery({
    ...customersQueryOptions(organizationId, { page: 1, limit: 10, search }),
    enabled: canSearch,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    // Change was pressed: the search replaces the name, and the typing goes on there.
    if (shouldFocus) input.current?.focus();
  }, [shouldFocus]);
  const items = canSearch ? (results.data?.items ?? []) : [];

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        {t('enrollments.form.fields.customerSearch')}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        className={`input w-full ${isInvalid ? 'input-error' : ''}`}
        placeholder={t('enrollments.form.placeholders.customerSearch')}
        value={text}
        maxLength={200}
        autoComplete="off"
        aria-invalid={isInvalid || undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {!canSearch && (
        <p className="text-xs text-base-content/70">
          {t('enrollments.form.hints.searchMin', { min: ENROLLMENT_CUSTOMER_SEARCH_MIN })}
        </p>
      )}
      {canSearch && results.isPending && <Spinner />}
      {canSearch && results.isSuccess && !results.isPlaceholderData && items.length === 0 && (
        <p className="text-sm text-base-content/70">{t('enrollments.form.hints.noCustomers', { search })}</p>
      )}
      {items.length > 0 && (
        <ul
          aria-label={t('enrollments.form.hints.results')}
          className={`max-h-56 overflow-y-auto rounded-box border border-base-300 ${results.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {items.map((customer) => {
            const name = nameOf(customer);
            return (
              <li key={customer.id} className="border-b border-base-300 last:border-b-0">
                <button
                  type="button"
                  className="w-full cursor-pointer px-3 py-2 text-start text-sm hover:bg-base-200 focus-visible:bg-base-200"
                  onClick={() => onPick({ id: customer.id, name })}
                >
                  {name}
                  {customer.email && (
                    <span className="block text-xs text-base-content/70">{customer.email}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
