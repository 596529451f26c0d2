import type { BackupRun, BackupStatus, OffsiteCopy } from '@reformer/domain/backups';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { useFormatInstant, useFormatNumber } from '@/lib/format.ts';
import { backupsQueryOptions, isRunning, useBackUpNow, useDownloadBackup } from '../api/backups.ts';

/**
 * Settings → Backups (decision 036): for the install's owner, the daily backups' runs, where they go, and
 * "back up now". The times are shown in the backups' own time zone, the one the schedule is in.
 */
export function BackupsPage({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data: status } = useSuspenseQuery(backupsQueryOptions(organizationId));
  const backUpNow = useBackUpNow(organizationId);
  const running = isRunning(status);
  const hour = `${String(status.schedule.hour).padStart(2, '0')}:00`;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <SettingsCard id="backups" title={t('backups.title')} description={t('backups.description')}>
        {!status.configured && (
          <div role="alert" className="alert alert-warning flex flex-col items-start">
            <p className="font-semibold">{t('backups.notConfigured.title')}</p>
            <p>{t('backups.notConfigured.explanation')}</p>
            <code className="rounded bg-base-200 px-2 py-1">npm run backup-key</code>
          </div>
        )}
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t('backups.schedule')}</dt>
          <dd>{t('backups.scheduleValue', { hour, timeZone: status.schedule.timeZone })}</dd>
          <dt className="font-semibold">{t('backups.folder')}</dt>
          <dd className="break-all font-mono text-sm">{status.folder}</dd>
          <dt className="font-semibold">{t('backups.offsite.label')}</dt>
          <dd>
            <OffsiteTarget offsite={status.offsite} />
          </dd>
          <dt className="font-semibold">{t('backups.retention')}</dt>
          <dd>{t('backups.retentionValue', status.retention)}</dd>
          <dt className="font-semibold">{t('backups.pointInTime.title')}</dt>
          <dd>
            <PointInTime status={status} />
          </dd>
        </dl>
        <div>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!status.configured || running || backUpNow.isPending}
            onClick={() => backUpNow.mutate()}
          >
            {running ? t('backups.now.running') : t('backups.now.button')}
          </button>
        </div>
      </SettingsCard>
      <SettingsCard id="backup-runs" title={t('backups.runs.title')}>
        {status.runs.length === 0 ? (
          <p className="text-base-content/70">{t('backups.runs.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-base-300" aria-label={t('backups.runs.title')}>
            {status.runs.map((run) => (
              <RunRow
                key={run.id}
                organizationId={organizationId}
                run={run}
                timeZone={status.schedule.timeZone}
              />
            ))}
          </ul>
        )}
      </SettingsCard>
    </div>
  );
}

const STATUS_BADGE: Record<BackupRun['status'], string> = {
  ok: 'badge-success',
  running: 'badge-info',
  failed: 'badge-error',
};

function RunRow({
  organizationId,
  run,
  timeZone,
}: {
  organizationId: string;
  run: BackupRun;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(timeZone);
  const formatSize = useFormatSize();
  const download = useDownloadBackup(organizationId);
  const startedAt = formatInstant(run.startedAt);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{startedAt}</span>
          <span className={`badge ${STATUS_BADGE[run.status]}`}>{t(`backups.status.${run.status}`)}</span>
        </div>
        <p className="text-sm text-base-content/70">
          {[
            t(`backups.kind.${run.kind}`),
            t(`backups.trigger.${run.trigger}`),
            run.bytes !== null ? formatSize(run.bytes) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {run.status === 'failed' && run.reason && (
          <p className="text-sm text-error">{t('backups.reason', { reason: run.reason })}</p>
        )}
        {run.copy && <CopyStatus copy={run.copy} timeZone={timeZone} />}
      </div>
      {run.downloadable && run.fileName && (
        <button
          type="button"
          className="btn btn-sm"
          aria-label={t('backups.download.label', { date: startedAt })}
          disabled={download.isPending}
          onClick={() => download.mutate(run.fileName as string)}
        >
          {t('backups.download.button')}
        </button>
      )}
    </li>
  );
}

/** Where backups are copied off the machine: the bucket and prefix, its region and provider; never a key. */
function OffsiteTarget({ offsite }: { offsite: BackupStatus['offsite'] }) {
  const { t } = useTranslation();
  if (!offsite) return <p className="text-base-content/70">{t('backups.offsite.notConfigured')}</p>;
  return (
    <div className="flex flex-col">
      <span className="break-all font-mono text-sm">{`s3://${offsite.bucket}/${offsite.prefix}backups/`}</span>
      <span className="text-sm">{t('backups.offsite.region', { region: offsite.region })}</span>
      {offsite.endpoint && (
        <span className="break-all text-sm">
          {t('backups.offsite.endpoint', { endpoint: offsite.endpoint })}
        </span>
      )}
    </div>
  );
}

const COPY_TONE: Record<OffsiteCopy['status'], string> = {
  copied: 'text-success',
  failed: 'text-error',
  pending: 'text-base-content/70',
  removed: 'text-base-content/70',
};

/** A run's copy in S3: copied (when), failed (why; retried), not yet copied, or removed by retention. */
function CopyStatus({ copy, timeZone }: { copy: OffsiteCopy; timeZone: string }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(timeZone);
  const date = copy.at ? formatInstant(copy.at) : '';
  return (
    <p className={`text-sm ${COPY_TONE[copy.status]}`}>
      {t(`backups.copy.${copy.status}`, { date, reason: copy.reason ?? '' })}
    </p>
  );
}

/** Bytes as KB or MB with the language's decimal separator. */
function useFormatSize(): (bytes: number) => string {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  return (bytes) =>
    bytes < 1024 * 1024
      ? t('backups.size.kb', { size: formatNumber(Math.max(1, Math.round(bytes / 1024))) })
      : t('backups.size.mb', { size: formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10) });
}

/** Whether the embedded database's WAL is archived, how far back a restore can go, and the recovery point. */
function PointInTime({ status }: { status: BackupStatus }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant(status.schedule.timeZone);
  const { state, windowDays, lastArchivedAt } = status.pointInTime;
  if (state !== 'on') return <>{t(`backups.pointInTime.${state}`)}</>;
  return (
    <>
      {t('backups.pointInTime.on', { count: windowDays })}{' '}
      {lastArchivedAt
        ? t('backups.pointInTime.lastArchived', { at: formatInstant(lastArchivedAt) })
        : t('backups.pointInTime.nothingYet')}
    </>
  );
}
