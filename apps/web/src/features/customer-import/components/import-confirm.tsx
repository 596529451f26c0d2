import type { ImportPreview } from '@reformer/domain/customer-import';
import { useTranslation } from 'react-i18next';

type ImportConfirmProps = {
  fileName: string;
  preview: ImportPreview;
  skipInvalid: boolean;
  isImporting: boolean;
  onBack: () => void;
  onImport: () => void;
};

/** The confirm step (spec §2): what will happen with these options, before anything is written. */
export function ImportConfirm({
  fileName,
  preview,
  skipInvalid,
  isImporting,
  onBack,
  onImport,
}: ImportConfirmProps) {
  const { t } = useTranslation();
  const fails = preview.invalid > 0 && !skipInvalid;
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="import-confirm">
      <div className="card-body gap-3">
        <h2 id="import-confirm" className="card-title">
          {t('import.confirm.title')}
        </h2>
        <p className="font-medium">{fileName}</p>
        <ul className="list-inside list-disc">
          <li>{t('import.confirm.toImport', { count: preview.valid })}</li>
          {preview.invalid > 0 && (
            <li className={fails ? 'text-error' : undefined}>
              {fails
                ? t('import.confirm.invalidFails', { count: preview.invalid })
                : t('import.confirm.invalidSkipped', { count: preview.invalid })}
            </li>
          )}
          {preview.warnings > 0 && <li>{t('import.confirm.duplicates', { count: preview.warnings })}</li>}
        </ul>
        <h3 className="font-semibold">{t('import.confirm.options')}</h3>
        <p>{skipInvalid ? t('import.confirm.skipOn') : t('import.confirm.skipOff')}</p>
        <p className="text-sm text-base-content/70">{t('import.confirm.allOrNothing')}</p>
        <div className="flex flex-wrap justify-between gap-2">
          <button type="button" className="btn" disabled={isImporting} onClick={onBack}>
            {t('import.actions.back')}
          </button>
          <button type="button" className="btn btn-primary" disabled={isImporting} onClick={onImport}>
            {t('import.confirm.submit')}
          </button>
        </div>
      </div>
    </section>
  );
}
