import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** The server's public settings: whether a hosted OpenID Connect provider is configured, and whether it can send e-mail. */
export type PublicConfig = { oidc: { providerId: string; name: string } | null; email: boolean };

export function getPublicConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>('/public-config', { authenticated: false });
}

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['public-config'],
    queryFn: getPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
