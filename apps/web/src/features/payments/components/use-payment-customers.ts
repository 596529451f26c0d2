import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CUSTOMER_SEARCH_MIN_LENGTH } from '@/lib/customer-list.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { paymentCustomersQueryOptions } from '../api/get-payment-customers.ts';

/**
 * The customers a payment could be for, as the user types: the search from 2 characters (spec §9), the most
 * recently enrolled while the box is empty (`whenEmpty`), nothing for a single character.
 */
export function usePaymentCustomers(organizationId: string, text: string, whenEmpty: boolean) {
  const typed = useDebouncedValue(text.trim());
  const canSearch = typed.length >= CUSTOMER_SEARCH_MIN_LENGTH;
  const search = canSearch ? typed : '';
  const isEnabled = canSearch || (whenEmpty && typed === '');
  const results = useQuery({
    ...paymentCustomersQueryOptions(organizationId, search),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
  return {
    search,
    isTooShort: typed.length > 0 && !canSearch,
    isEnabled,
    results,
    items: isEnabled ? (results.data?.items ?? []) : [],
  };
}
