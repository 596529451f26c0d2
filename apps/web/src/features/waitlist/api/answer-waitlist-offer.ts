import type { WaitlistOffer } from '@reformer/domain/waitlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { waitlistOfferPath, waitlistOfferQueryKey } from './get-waitlist-offer.ts';

export type OfferAnswer = 'accept' | 'decline';

export function answerWaitlistOffer(token: string, answer: OfferAnswer): Promise<WaitlistOffer> {
  return api.post<WaitlistOffer>(`${waitlistOfferPath(token)}/${answer}`, undefined, {
    authenticated: false,
  });
}

/**
 * Accept or decline. The page shows the outcome in place (no toast: the customer is not signed in and the
 * answer is the page), and on a refusal the offer is read again, since its state changed.
 */
export function useAnswerWaitlistOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: OfferAnswer) => answerWaitlistOffer(token, answer),
    onSuccess: (offer) => queryClient.setQueryData(waitlistOfferQueryKey(token), offer),
    onError: () => queryClient.invalidateQueries({ queryKey: waitlistOfferQueryKey(token) }),
  });
}
