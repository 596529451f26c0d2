import type { PayWith, PortalBookableList, PortalCancellation, PortalHome } from '@reformer/domain/portal';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/**
 * The customer portal's calls (decision 039): never a bearer token — the portal's own httpOnly cookie, which
 * the browser sends to /api/portal only. A 401 PORTAL_SESSION_REQUIRED means the link no longer opens.
 */
const asCustomer = { authenticated: false } as const;

export const portalHomeKey = ['portal', 'home'] as const;
const bookableKey = ['portal', 'bookable'] as const;

export const portalHomeQueryOptions = () =>
  queryOptions({
    queryKey: portalHomeKey,
    queryFn: () => api.get<PortalHome>('/portal/me', asCustomer),
    staleTime: 0,
    retry: false,
  });

export const bookableQueryOptions = () =>
  queryOptions({
    queryKey: bookableKey,
    queryFn: () => api.get<PortalBookableList>('/portal/bookable', asCustomer),
    staleTime: 0,
    retry: false,
  });

/** Exchanges the fragment's token for the session cookie. */
export const openPortalSession = (token: string) => api.post('/portal/session', { token }, asCustomer);

/** Every change answers the home again: it replaces the cached one, and the bookable list is read again. */
function usePortalChange<Input>(send: (input: Input) => Promise<PortalHome>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (home) => {
      queryClient.setQueryData(portalHomeKey, home);
      return queryClient.invalidateQueries({ queryKey: bookableKey });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: ['portal'] }),
  });
}

const classPath = (sessionId: string) => `/portal/sessions/${encodeURIComponent(sessionId)}`;

export const useCancelPlace = () =>
  usePortalChange((sessionId: string) =>
    api.post<PortalCancellation>(`${classPath(sessionId)}/cancel`, undefined, asCustomer),
  );

export const useBookClass = () =>
  usePortalChange(({ sessionId, payWith }: { sessionId: string; payWith: PayWith }) =>
    api.post<PortalHome>(`${classPath(sessionId)}/book`, { payWith }, asCustomer),
  );

export const useJoinWaitlist = () =>
  usePortalChange((sessionId: string) =>
    api.post<PortalHome>(`${classPath(sessionId)}/waitlist`, undefined, asCustomer),
  );

export const useAcceptOffer = () =>
  usePortalChange((entryId: string) =>
    api.post<PortalHome>(`/portal/waitlist/${encodeURIComponent(entryId)}/accept`, undefined, asCustomer),
  );

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/portal/session', asCustomer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portal'] }),
  });
}

export const useRequestLink = () =>
  useMutation({ mutationFn: (email: string) => api.post('/portal/link-requests', { email }, asCustomer) });
