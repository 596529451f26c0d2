import { type Language, parseLanguage } from '@reformer/domain/preferences';
import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';
import { ApiError, NetworkError, toApiError } from '@/lib/api-error.ts';
import { getToken } from '@/lib/auth-token.ts';
import { datedFileName, saveFile } from '@/lib/save-file.ts';
import { useToastMutation } from '@/lib/toasts.ts';

/**
 * The CSV export needs the bearer token like every API call, so a plain link cannot download it: fetch it,
 * then hand the browser the file through an object URL.
 */
export async function exportCustomers(
  organizationId: string,
  search: string,
  language: Language,
): Promise<Blob> {
  const token = await getToken();
  if (!token) throw new ApiError(401, 'UNAUTHENTICATED', 'No token available');
  // The server writes headers, values, dates and the separator the way the user's language does.
  const query = `?${new URLSearchParams(search ? { search, language } : { language })}`;
  const url = `${env.apiBaseUrl}/organizations/${encodeURIComponent(organizationId)}/customers/export${query}`;
  const response = await fetch(url, {
    headers: { Accept: 'text/csv', Authorization: `Bearer ${token}` },
    credentials: 'include',
  }).catch((error: unknown) => {
    throw new NetworkError(error);
  });
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

export function useExportCustomers(organizationId: string) {
  const { t, i18n } = useTranslation();
  return useToastMutation({
    mutationFn: (search: string) => exportCustomers(organizationId, search, parseLanguage(i18n.language)),
    toasts: {
      loading: t('customers.export.loading'),
      success: t('customers.export.success'),
      errorFallback: 'customers.export.failed',
    },
    onSuccess: (blob) => saveFile(blob, datedFileName(t('customers.export.fileName'))),
  });
}
