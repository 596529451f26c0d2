import type { MyClassCancellation } from '@reformer/domain/class-links';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { myClassesPath, myClassesQueryKey } from './get-my-classes.ts';

/**
 * Cancels one place. The page shows the outcome in place (no toast: the customer is not signed in and the
 * answer is the page); on a refusal the list is read again, since something changed.
 */
export function useCancelMyPlace(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api.post<MyClassCancellation>(
        `${myClassesPath(token)}/sessions/${encodeURIComponent(sessionId)}/cancel`,
        undefined,
        { authenticated: false },
      ),
    onSuccess: ({ sessionId, makeUpCredit, ...page }) =>
      queryClient.setQueryData(myClassesQueryKey(token), page),
    onError: () => queryClient.invalidateQueries({ queryKey: myClassesQueryKey(token) }),
  });
}
