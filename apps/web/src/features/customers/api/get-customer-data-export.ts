import type { CustomerDataExport } from '@reformer/domain/customer-data-export';
import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';
import { api } from '@/lib/api-client.ts';
import { ApiError, NetworkError, toApiError } from '@/lib/api-error.ts';
import { getToken } from '@/lib/auth-token.ts';
import { saveFile } from '@/lib/save-file.ts';
import { useToastMutation } from '@/lib/toasts.ts';
import { customerPath, customerQueryKey } from './get-customer.ts';

const dataExportPath = (organizationId: string, customerId: string) =>
  `${customerPath(organizationId, customerId)}/data-export`;

export function getCustomerDataExport(organizationId: string, customerId: string) {
  return api.get<CustomerDataExport>(dataExportPath(organizationId, customerId));
}

/**
 * Every fetch is an export the server audits, so the page's copy is never refetched while it is open (no
 * stale time, no refetch on focus) and leaves memory a minute after the page closes.
 */
export function customerDataExportQueryOptions(organizationId: string, customerId: string) {
  return queryOptions({
    queryKey: [...customerQueryKey(organizationId, customerId), 'data-export'] as const,
    queryFn: () => getCustomerDataExport(organizationId, customerId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

/** The JSON file as the server writes it; the bearer token is needed, so a plain link cannot fetch it. */
async function downloadCustomerDataExport(organizationId: string, customerId: string): Promise<Blob> {
  const token = await getToken();
  if (!token) throw new ApiError(401, 'UNAUTHENTICATED', 'No token available');
  const response = await fetch(`${env.apiBaseUrl}${dataExportPath(organizationId, customerId)}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    credentials: 'include',
  }).catch((error: unknown) => {
    throw new NetworkError(error);
  });
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

/** `personal-data-ana-souza-2027-03-20.json`: whose data, and when it was taken. */
function fileName(baseName: string, personName: string, now = new Date()) {
  const slug = personName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${[baseName, slug, now.toISOString().slice(0, 10)].filter(Boolean).join('-')}.json`;
}

/** `personName` names the file, as the page shows it. */
export function useDownloadCustomerDataExport(
  organizationId: string,
  customerId: string,
  personName: string,
) {
  const { t } = useTranslation();
  return useToastMutation({
    mutationFn: () => downloadCustomerDataExport(organizationId, customerId),
    toasts: {
      loading: t('dataExport.download.loading'),
      success: t('dataExport.download.success'),
      errorFallback: 'dataExport.download.failed',
    },
    onSuccess: (blob) => saveFile(blob, fileName(t('dataExport.download.fileName'), personName)),
  });
}
