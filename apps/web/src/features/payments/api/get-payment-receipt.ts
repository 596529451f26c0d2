import type { PaymentReceipt } from '@reformer/domain/portal-payments';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { paymentQueryKey } from './get-payment.ts';
import { paymentsPath } from './get-payments.ts';

/** A payment's receipt, the same the customer opens in the portal; one that received no money has none (404). */
export function paymentReceiptQueryOptions(organizationId: string, paymentId: string) {
  return queryOptions({
    queryKey: [...paymentQueryKey(organizationId, paymentId), 'receipt'],
    queryFn: () => api.get<PaymentReceipt>(`${paymentsPath(organizationId, paymentId)}/receipt`),
    staleTime: STALE_TIME.list,
  });
}
