import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { CUSTOMER_SEARCH_MIN_LENGTH, customersQueryOptions } from '@/lib/customer-list.ts';
import { usePersonName } from '@/lib/person-name.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';

export type PickedCustomer = { id: string; name: string };

type CustomerPickerProps = {
  organizationId: string;
  value: PickedCustomer[];
  onChange: (value: PickedCustomer[]) => void;
  /** Customers already in the session: shown, but not offered again. */
  excludedIds: ReadonlySet<string>;
  error?: string | undefined;
};

/** Finds customers by name (the customers list's search, from 2 characters) and collects several. */
export function CustomerPicker({ organizationId, value, onChange, excludedIds, error }: CustomerPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const nameOf = usePersonName();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const canSearch = search.length >= CUSTOMER_SEARCH_MIN_LENGTH;
  const results = useQuery({
    ...customersQueryOptions(organizationId, { page: 1, limit: 10, search }),
    enabled: canSearch,
  });
  const selectedIds = new Set(value.map((customer) => customer.id));

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('attendance.addCustomers.customers')}</legend>
      <label htmlFor={id} className="sr-only">
        {t('attendance.addCustomers.searchPlaceholder')}
      </label>
      <input
        id={id}
        type="search"
        className="input w-full"
        placeholder={t('attendance.addCustomers.searchPlaceholder')}
        value={text}
        maxLength={200}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {canSearch && results.isPending && <Spinner />}
      {canSearch && results.data?.items.length === 0 && (
        <p className="text-sm text-base-content/70">{t('attendance.addCustomers.noResults')}</p>
      )}
      {canSearch && results.data && results.data.items.length > 0 && (
        <ul className="max-h-48 overflow-y-auto rounded-box border border-base-300">
          {results.data.items.map((customer) => {
            const name = nameOf(customer);
            const isInSession = excludedIds.has(customer.id);
            return (
              <li key={customer.id} className="border-b border-base-300 last:border-b-0">
                <label className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    checked={isInSession || selectedIds.has(customer.id)}
                    disabled={isInSession}
                    onChange={(event) =>
                      onChange(
                        event.target.checked
                          ? [...value, { id: customer.id, name }]
                          : value.filter((picked) => picked.id !== customer.id),
                      )
                    }
                  />
                  <span className="flex-1">{name}</span>
                  {isInSession && (
                    <span className="text-xs text-base-content/70">
                      {t('attendance.addCustomers.alreadyInSession')}
                    </span>
                  )}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {value.length > 0 && (
        <div className="flex flex-col gap-1">
          <p className="text-sm" aria-live="polite">
            {t('attendance.addCustomers.selected.count', { count: value.length })}
          </p>
          <ul className="flex flex-wrap gap-1">
            {value.map((customer) => (
              <li key={customer.id} className="badge badge-outline gap-1">
                {customer.name}
                <button
                  type="button"
                  className="cursor-pointer"
                  aria-label={t('attendance.addCustomers.remove', { name: customer.name })}
                  onClick={() => onChange(value.filter((picked) => picked.id !== customer.id))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {error && <p className="border-l-2 border-error pl-2 text-sm font-medium">{error}</p>}
    </fieldset>
  );
}
