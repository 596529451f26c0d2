import { useTranslation } from 'react-i18next';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { EXPORT_KINDS, type ExportKind, useDownloadExport } from '../api/download-export.ts';

/**
 * Settings → Export, beside the customers export: plans, enrollments and payments as CSV, each shown to
 * members the server lets download it (`kinds`, decided by the route from the access profile).
 */
export function ExportsPanel({
  organizationId,
  kinds,
}: {
  organizationId: string;
  kinds: readonly ExportKind[];
}) {
  const { t } = useTranslation();
  if (!kinds.length) return null;
  return (
    <SettingsCard
      id="exports"
      title={t('export.title')}
      description={t('export.description')}
      bodyClassName="gap-4"
    >
      <ul className="flex flex-col divide-y divide-base-300">
        {EXPORT_KINDS.filter((kind) => kinds.includes(kind)).map((kind) => (
          <ExportRow key={kind} organizationId={organizationId} kind={kind} />
        ))}
      </ul>
    </SettingsCard>
  );
}

function ExportRow({ organizationId, kind }: { organizationId: string; kind: ExportKind }) {
  const { t } = useTranslation();
  const download = useDownloadExport(organizationId, kind);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h3 className="font-semibold">{t(`export.kinds.${kind}.title`)}</h3>
        <p className="text-sm text-base-content/70">{t(`export.kinds.${kind}.description`)}</p>
      </div>
      <button
        type="button"
        className="btn btn-sm"
        aria-label={`${t('export.button')}: ${t(`export.kinds.${kind}.title`)}`}
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        {download.isPending ? t(`export.kinds.${kind}.loading`) : t('export.button')}
      </button>
    </li>
  );
}
