import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { customerListsQueryKey } from '@/lib/customer-list.ts';
import { enrollmentsQueryKey, paymentsQueryKey, sessionsQueryKey } from '@/lib/organization-query-keys.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { customerPath, customerQueryKey } from './get-customer.ts';

/** The two ways a customer leaves the books; each has its own request, texts and fallback error. */
const REMOVALS = {
  /** Soft delete: the customer becomes DELETED and leaves the lists; payments and attendance keep their history. */
  delete: {
    request: (organizationId: string, customerId: string) =>
      api.delete(customerPath(organizationId, customerId)),
    errorFallback: 'common.errors.failedToDelete',
  },
  /** LGPD erasure: the server empties every personal field, marks the customer PURGED and audits who did it. */
  purge: {
    request: (organizationId: string, customerId: string) =>
      api.post(`${customerPath(organizationId, customerId)}/purge`),
    errorFallback: 'customers.purge.failed',
  },
} as const;

export type CustomerRemoval = keyof typeof REMOVALS;

/**
 * Either removal: the lists, the attendance rosters (spec §7: deleting a customer also refreshes
 * attendance), the enrollments and the payments (a new payment's customer choices) are refreshed, and the
 * customer's own cached page is dropped.
 */
export function useRemoveCustomer(
  removal: CustomerRemoval,
  organizationId: string,
  customerId: string,
  options: { onSuccess?: () => unknown } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { request, errorFallback } = REMOVALS[removal];
  return useToastMutation({
    mutationFn: () => request(organizationId, customerId),
    toasts: {
      loading: t(`customers.${removal}.loading`),
      success: t(`customers.${removal}.success`),
      errorFallback,
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: customerListsQueryKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: sessionsQueryKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: enrollmentsQueryKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: paymentsQueryKey(organizationId) }),
      ]);
      await options.onSuccess?.();
      queryClient.removeQueries({ queryKey: customerQueryKey(organizationId, customerId) });
    },
  });
}
