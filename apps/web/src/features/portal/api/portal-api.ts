import type { PayWith, PortalBookableList, PortalCancellation, PortalHome } from '@reformer/domain/portal';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { portalBrandingQueryOptions } from './portal-branding.ts';

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

/** Whether the customer has what pays for a class booked here: a make-up credit or a pack's class. */
export const hasSomethingToBookWith = (home: Pick<PortalHome, 'credits' | 'packs'>) =>
  home.credits.length > 0 || home.packs.length > 0;

export const bookableQueryOptions = () =>
  queryOptions({
    queryKey: bookableKey,
    queryFn: () => api.get<PortalBookableList>('/portal/bookable', asCustomer),
    staleTime: 0,
    retry: false,
  });

/** Reads `#t=<token>` once: the token never reaches a server log, a proxy or a link preview (decision 039). */
function takeFragmentToken(): string | null {
  const match = window.location.hash.match(/^#t=([A-Za-z0-9_-]{20,200})$/);
  if (!match) return null;
  // Dropped from the address bar and the history before anything else, so a shared screen shows no key.
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return match[1] ?? null;
}

/** Whether the portal opened: a link's token exchanged (or none given: a cookie may be there), or refused. */
export type PortalOpening = 'OPEN' | 'LINK_INVALID';

/**
 * Exchanges the fragment's token for the session cookie, once per page load, and reads the customer's home
 * and branding as soon as the cookie is set: the portal's entry calls it before its words have loaded, so the
 * requests a phone waits on run side by side (bench/portal.mjs).
 */
export function openPortal(queryClient: QueryClient): Promise<PortalOpening> {
  const token = takeFragmentToken();
  const exchanged = token ? api.post('/portal/session', { token }, asCustomer) : Promise.resolve();
  return exchanged.then(
    () => {
      void queryClient.prefetchQuery(portalHomeQueryOptions());
      void queryClient.prefetchQuery(portalBrandingQueryOptions());
      return 'OPEN';
    },
    () => 'LINK_INVALID',
  );
}

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

/** The phone as typed: the server reads it the Brazilian way and compares it with the numbers on file. */
export const useRequestLinkByPhone = () =>
  useMutation({
    mutationFn: (phone: string) => api.post('/portal/phone-link-requests', { phone }, asCustomer),
  });
