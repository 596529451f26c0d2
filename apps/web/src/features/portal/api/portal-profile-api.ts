import type { CalendarFeedCreated, CalendarFeedStatus } from '@reformer/domain/portal-calendar';
import type { PortalProfile, PortalProfileInput } from '@reformer/domain/portal-profile';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostalAddress } from '@/features/customers/api/lookup-postal-code.ts';
import { api } from '@/lib/api-client.ts';

/** The portal's profile and calendar feed calls (decision 046): the portal cookie, never a bearer token. */
const asCustomer = { authenticated: false } as const;

const profileKey = ['portal', 'profile'] as const;
const calendarFeedKey = ['portal', 'calendar-feed'] as const;

export const portalProfileQueryOptions = () =>
  queryOptions({
    queryKey: profileKey,
    queryFn: () => api.get<PortalProfile>('/portal/profile', asCustomer),
    staleTime: 0,
    retry: false,
  });

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: PortalProfileInput) =>
      api.put<PortalProfile>('/portal/profile', profile, asCustomer),
    onSuccess: (profile) => queryClient.setQueryData(profileKey, profile),
  });
}

/** The CEP lookup for the customer's address, as staff's form does it, through the portal's own route. */
export const lookupPostalCodeAsCustomer = (cepDigits: string) =>
  api.get<PostalAddress>(`/portal/postal-codes/${encodeURIComponent(cepDigits)}`, asCustomer);

export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: calendarFeedKey,
    queryFn: () => api.get<CalendarFeedStatus>('/portal/calendar-feed', asCustomer),
    staleTime: 0,
    retry: false,
  });

/** A new feed (the previous one stops answering): its addresses are in the answer only. */
export function useReplaceCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<CalendarFeedCreated>('/portal/calendar-feed', undefined, asCustomer),
    onSuccess: (feed) =>
      queryClient.setQueryData(calendarFeedKey, { isActive: feed.isActive, createdAt: feed.createdAt }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<CalendarFeedStatus>('/portal/calendar-feed', asCustomer),
    onSuccess: (status) => queryClient.setQueryData(calendarFeedKey, status),
  });
}
