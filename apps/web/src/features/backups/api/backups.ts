import type { BackupRun, BackupStatus } from '@reformer/domain/backups';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';
import { api } from '@/lib/api-client.ts';
import { ApiError, NetworkError, toApiError } from '@/lib/api-error.ts';
import { getToken } from '@/lib/auth-token.ts';
import { STALE_TIME } from '@/lib/query-client.ts';
import { saveFile } from '@/lib/save-file.ts';
import { useToastMutation } from '@/lib/toasts.ts';

/** While a run is in progress the status is asked again this often, until the run is recorded. */
const POLL_WHILE_RUNNING_MS = 2000;

export function backupsPath(organizationId: string, suffix = ''): string {
  return `/organizations/${encodeURIComponent(organizationId)}/backups${suffix}`;
}

export function backupsQueryKey(organizationId: string) {
  return ['backups', organizationId] as const;
}

export const isRunning = (status: BackupStatus | undefined) =>
  status?.runs.some((run) => run.status === 'running') ?? false;

/** The install's backups: the runs, the schedule and folder; only for a user who owns every organization. */
export function backupsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: backupsQueryKey(organizationId),
    queryFn: () => api.get<BackupStatus>(backupsPath(organizationId)),
    staleTime: STALE_TIME.list,
    refetchInterval: (query) => (isRunning(query.state.data) ? POLL_WHILE_RUNNING_MS : false),
  });
}

export function useBackUpNow(organizationId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useToastMutation({
    mutationFn: () => api.post<BackupRun>(backupsPath(organizationId)),
    toasts: {
      loading: t('backups.now.loading'),
      success: t('backups.now.started'),
      errorFallback: 'backups.now.failed',
    },
    // The list shows the run as running, and polling starts until it is recorded.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupsQueryKey(organizationId) }),
  });
}

/** The file needs the bearer token like every call, so a plain link cannot download it. */
async function downloadBackup(organizationId: string, fileName: string): Promise<Blob> {
  const token = await getToken();
  if (!token) throw new ApiError(401, 'UNAUTHENTICATED', 'No token available');
  const response = await fetch(
    `${env.apiBaseUrl}${backupsPath(organizationId, `/${encodeURIComponent(fileName)}`)}`,
    { headers: { Authorization: `Bearer ${token}` }, credentials: 'include' },
  ).catch((error: unknown) => {
    throw new NetworkError(error);
  });
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

export function useDownloadBackup(organizationId: string) {
  const { t } = useTranslation();
  return useToastMutation({
    mutationFn: (fileName: string) =>
      downloadBackup(organizationId, fileName).then((blob) => ({ blob, fileName })),
    toasts: {
      loading: t('backups.download.loading'),
      success: t('backups.download.success'),
      errorFallback: 'backups.download.failed',
    },
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
