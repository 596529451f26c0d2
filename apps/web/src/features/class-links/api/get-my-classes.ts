import type { MyClasses } from '@reformer/domain/class-links';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export function myClassesQueryKey(token: string) {
  return ['my-classes', token] as const;
}

export function myClassesPath(token: string): string {
  return `/my-classes/${encodeURIComponent(token)}`;
}

/** Public: the link's token is the key (decision 025). 404 CLASS_LINK_NOT_FOUND for a revoked or unknown link. */
export function myClassesQueryOptions(token: string) {
  return queryOptions({
    queryKey: myClassesQueryKey(token),
    queryFn: () => api.get<MyClasses>(myClassesPath(token), { authenticated: false }),
    staleTime: 0,
    retry: false,
  });
}
