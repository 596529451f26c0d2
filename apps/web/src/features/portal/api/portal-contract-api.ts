import type { ConsentKind, PortalContract, SignContractValues } from '@reformer/domain/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/**
 * The contract and consents in the portal (decision 043), under the portal's cookie. Every change answers the
 * whole section again, which replaces the cached one. The API client sends one Idempotency-Key per POST.
 */
const asCustomer = { authenticated: false } as const;
const portalContractKey = ['portal', 'contract'] as const;

export const portalContractQueryOptions = () =>
  queryOptions({
    queryKey: portalContractKey,
    queryFn: () => api.get<PortalContract>('/portal/contract', asCustomer),
    staleTime: 0,
    retry: false,
  });

function useContractChange<Input>(send: (input: Input) => Promise<PortalContract>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (contract) => queryClient.setQueryData(portalContractKey, contract),
    onError: () => queryClient.invalidateQueries({ queryKey: portalContractKey }),
  });
}

export const useSignContract = () =>
  useContractChange((input: SignContractValues) =>
    api.post<PortalContract>('/portal/contract/signatures', input, asCustomer),
  );

export const useWithdrawContract = () =>
  useContractChange((signatureId: string) =>
    api.post<PortalContract>(
      `/portal/contract/signatures/${encodeURIComponent(signatureId)}/withdrawal`,
      undefined,
      asCustomer,
    ),
  );

export const useSetConsent = () =>
  useContractChange(({ kind, isGiven }: { kind: ConsentKind; isGiven: boolean }) =>
    api.put<PortalContract>(`/portal/consents/${kind}`, { isGiven }, asCustomer),
  );
