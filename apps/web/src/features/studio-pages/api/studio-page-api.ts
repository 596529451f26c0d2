import type {
  PublicStudioPage,
  StudioPageInput,
  StudioPageSettings,
  TrialBookingInput,
  TrialSummary,
} from '@reformer/domain/studio-pages';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';
import { api } from '@/lib/api-client.ts';
import { toApiError } from '@/lib/api-error.ts';
import { getToken } from '@/lib/auth-token.ts';
import { organizationQueryKey } from '@/lib/organization-query-keys.ts';
import { useToastMutation } from '@/lib/toasts.ts';

/** The studio page's calls (decision 045): the public ones carry no token; the settings are staff's. */
const asVisitor = { authenticated: false } as const;

export const publicStudioQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['public-studio', slug],
    queryFn: () => api.get<PublicStudioPage>(`/public/studios/${encodeURIComponent(slug)}`, asVisitor),
    retry: false,
  });

/** One Idempotency-Key per press of the button (the API client makes one for each POST). */
export const useBookTrial = (slug: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TrialBookingInput) =>
      api.post(`/public/studios/${encodeURIComponent(slug)}/trial-bookings`, input, asVisitor),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['public-studio', slug] }),
  });
};

export const studioPageQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...organizationQueryKey(organizationId), 'studio-page'],
    queryFn: () => api.get<StudioPageSettings>(`/organizations/${organizationId}/studio-page`),
  });

export function useSaveStudioPage(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (input: StudioPageInput) =>
      api.put<StudioPageSettings>(`/organizations/${organizationId}/studio-page`, input),
    toasts: {
      loading: t('studioPage.settings.saving'),
      success: t('studioPage.settings.saved'),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: (saved) => queryClient.setQueryData(studioPageQueryOptions(organizationId).queryKey, saved),
  });
}

export const trialSummaryQueryOptions = (organizationId: string, period: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...organizationQueryKey(organizationId), 'trial-bookings', period],
    queryFn: () =>
      api.get<TrialSummary>(
        `/organizations/${organizationId}/trial-bookings/summary?from=${period.from}&to=${period.to}`,
      ),
  });

/** The logo goes as a file (multipart), which the JSON client does not send; the server reads its type. */
async function uploadLogo(organizationId: string, file: File): Promise<StudioPageSettings> {
  const form = new FormData();
  form.append('logo', file);
  const token = await getToken();
  const response = await fetch(`${env.apiBaseUrl}/organizations/${organizationId}/studio-page/logo`, {
    method: 'PUT',
    body: form,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: 'include',
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as StudioPageSettings;
}

export function useUploadLogo(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: (file: File) => uploadLogo(organizationId, file),
    toasts: {
      loading: t('studioPage.settings.logoSaving'),
      success: t('studioPage.settings.logoSaved'),
      errorFallback: 'common.errors.failedToUpdate',
    },
    onSuccess: (saved) => queryClient.setQueryData(studioPageQueryOptions(organizationId).queryKey, saved),
  });
}
