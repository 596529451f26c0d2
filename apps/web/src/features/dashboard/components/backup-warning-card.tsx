import type { BackupWarning } from '@reformer/domain/backups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client.ts';
import { STALE_TIME } from '@/lib/query-client.ts';

function backupWarningQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ['backups', organizationId, 'warning'] as const,
    queryFn: () =>
      api.get<BackupWarning>(`/organizations/${encodeURIComponent(organizationId)}/dashboard/backup-warning`),
    staleTime: STALE_TIME.list,
  });
}

/**
 * For the install's owner only (the server answers null to everyone else): backups not configured, none
 * made yet, or the last older than 26 hours — with the way to the Backups screen. Not awaited by the page:
 * the figures do not wait for it.
 */
export function BackupWarningCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data } = useQuery(backupWarningQueryOptions(organizationId));
  if (!data?.warning) return null;
  return (
    <div
      role="alert"
      className="alert alert-warning flex flex-col items-start gap-2 sm:flex-row sm:items-center"
    >
      <span className="flex-1">{t(`dashboard.backupWarning.${data.warning}`)}</span>
      <Link to="/app/org/$orgId/settings/backups" params={{ orgId: organizationId }} className="btn btn-sm">
        {t('dashboard.backupWarning.open')}
      </Link>
    </div>
  );
}
