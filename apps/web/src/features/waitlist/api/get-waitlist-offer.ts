import type { WaitlistOffer } from '@reformer/domain/waitlist';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export function waitlistOfferQueryKey(token: string) {
  return ['waitlist-offer', token] as const;
}

export function waitlistOfferPath(token: string): string {
  return `/waitlist-offers/${encodeURIComponent(token)}`;
}

/** Public: the link's token is the key (decision 024). 404 WAITLIST_OFFER_NOT_FOUND for an unknown link. */
export function getWaitlistOffer(token: string): Promise<WaitlistOffer> {
  return api.get<WaitlistOffer>(waitlistOfferPath(token), { authenticated: false });
}

export function waitlistOfferQueryOptions(token: string) {
  return queryOptions({
    queryKey: waitlistOfferQueryKey(token),
    queryFn: () => getWaitlistOffer(token),
    staleTime: 0,
    retry: false,
  });
}
