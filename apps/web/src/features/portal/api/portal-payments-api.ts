import {
  type PaymentReceipt,
  PORTAL_CHARGE_POLL_MS,
  type PortalCharge,
  type PortalChargeInput,
  type PortalPayments,
} from '@reformer/domain/portal-payments';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client.ts';

/**
 * "Pay" in the portal (decision 042), with the portal's own cookie like every portal call. Opening a charge is
 * a POST, so the client sends an Idempotency-Key per click; the server keeps one charge per cycle or pack.
 */
const asCustomer = { authenticated: false } as const;

export const portalPaymentsKey = ['portal', 'payments'] as const;

export const portalPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: portalPaymentsKey,
    queryFn: () => api.get<PortalPayments>('/portal/payments', asCustomer),
    staleTime: 0,
    retry: false,
    // A Pix Automático waiting for the customer's bank turns authorized by the bank's answer: asked again.
    refetchInterval: (query) =>
      query.state.data?.pixAutomatico.some((recurrence) => recurrence.state === 'CREATED')
        ? PORTAL_CHARGE_POLL_MS
        : false,
  });

/** A charge's state, asked again every few seconds while it awaits the bank (it turns PAID by the webhook). */
export const portalChargeQueryOptions = (charge: PortalCharge) =>
  queryOptions({
    queryKey: [...portalPaymentsKey, 'charge', charge.txid],
    queryFn: () =>
      api.get<PortalCharge>(`/portal/payments/charges/${encodeURIComponent(charge.txid)}`, asCustomer),
    initialData: charge,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'ACTIVE' ? PORTAL_CHARGE_POLL_MS : false),
  });

export const useOpenCharge = () =>
  useMutation({
    mutationFn: (input: PortalChargeInput) =>
      api.post<PortalCharge>('/portal/payments/charges', input, asCustomer),
  });

/** Once a charge is paid, the dues and the history are read again. */
export function useRefreshPayments() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: portalPaymentsKey, exact: true }),
    [queryClient],
  );
}

export const portalReceiptQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: [...portalPaymentsKey, 'receipt', paymentId],
    queryFn: () =>
      api.get<PaymentReceipt>(`/portal/payments/${encodeURIComponent(paymentId)}/receipt`, asCustomer),
    retry: false,
  });
