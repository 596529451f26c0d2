import type { StudioBranding } from '@reformer/domain/studio-pages';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** The studio's name, logo and colour for the portal's header (decision 045); the portal's cookie is the key. */
export const portalBrandingQueryOptions = () =>
  queryOptions({
    queryKey: ['portal', 'branding'],
    queryFn: () => api.get<StudioBranding>('/portal/branding', { authenticated: false }),
    staleTime: 5 * 60_000,
    retry: false,
  });
