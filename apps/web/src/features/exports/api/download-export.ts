import { type Language, parseLanguage } from '@reformer/domain/preferences';
import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';
import { ApiError, NetworkError, toApiError } from '@/lib/api-error.ts';
import { getToken } from '@/lib/auth-token.ts';
import { datedFileName, saveFile } from '@/lib/save-file.ts';
import { useToastMutation } from '@/lib/toasts.ts';

export const EXPORT_KINDS = ['plans', 'enrollments', 'payments'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The file needs the bearer token like every call, so a plain link cannot download it. */
export async function downloadExport(
  organizationId: string,
  kind: ExportKind,
  language: Language,
): Promise<Blob> {
  const token = await getToken();
  if (!token) throw new ApiError(401, 'UNAUTHENTICATED', 'No token available');
  const url = `${env.apiBaseUrl}/organizations/${encodeURIComponent(organizationId)}/exports/${kind}?language=${language}`;
  const response = await fetch(url, {
    headers: { Accept: 'text/csv', Authorization: `Bearer ${token}` },
    credentials: 'include',
  }).catch((error: unknown) => {
    throw new NetworkError(error);
  });
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

export function useDownloadExport(organizationId: string, kind: ExportKind) {
  const { t, i18n } = useTranslation();
  return useToastMutation({
    mutationFn: () => downloadExport(organizationId, kind, parseLanguage(i18n.language)),
    toasts: {
      loading: t(`export.kinds.${kind}.loading`),
      success: t(`export.kinds.${kind}.success`),
      errorFallback: `export.kinds.${kind}.failed`,
    },
    onSuccess: (blob) => saveFile(blob, datedFileName(t(`export.kinds.${kind}.fileName`))),
  });
}
