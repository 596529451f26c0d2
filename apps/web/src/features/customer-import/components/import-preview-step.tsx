import type { ImportPreview, ImportPreviewRow } from '@reformer/domain/customer-import';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableOrCards } from '@/components/ui/table-or-cards.tsx';
import { importFieldLabel } from './import-field-label.ts';
import { issueMessage } from './import-report.ts';
import { ImportStats } from './import-stats.tsx';

const SHORT_LIST = 10;
const BADGES = { valid: 'badge-success', invalid: 'badge-error', warning: 'badge-warning' } as const;

type ImportPreviewStepProps = {
  preview: ImportPreview;
  skipInvalid: boolean;
  onSkipInvalid: (skip: boolean) => void;
  onBack: () => void;
  onConfirm: () => void;
};

/** Step 3 (spec §2): counts, each row's status and issues (show less / show all), skip invalid rows. */
export function ImportPreviewStep({
  preview,
  skipInvalid,
  onSkipInvalid,
  onBack,
  onConfirm,
}: ImportPreviewStepProps) {
  const { t } = useTranslation();
  const [isShowingAll, setIsShowingAll] = useState(false);
  const rows = isShowingAll ? preview.rows : preview.rows.slice(0, SHORT_LIST);

  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="import-preview">
      <div className="card-body gap-4">
        <h2 id="import-preview" className="card-title">
          {t('import.preview.title')}
        </h2>
        <ImportStats
          label={t('import.preview.title')}
          stats={[
            ['total', t('import.preview.total'), preview.total, ''],
            ['valid', t('import.preview.valid'), preview.valid, 'text-success'],
            ['invalid', t('import.preview.invalid'), preview.invalid, 'text-error'],
            ['warnings', t('import.preview.warnings'), preview.warnings, 'text-warning'],
          ]}
        />
        <TableOrCards
          tableFrom="md"
          isFramed
          table={
            <table className="table">
              <thead>
                <tr>
                  <th>{t('import.preview.columns.row')}</th>
                  <th>{t('import.preview.columns.status')}</th>
                  <th>{t('import.preview.columns.name')}</th>
                  <th>{t('import.preview.columns.issues')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.row}>
                    <td>{row.row}</td>
                    <td>
                      <StatusBadge row={row} />
                    </td>
                    <td>{row.name}</td>
                    <td>
                      <RowIssues row={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
          cards={rows.map((row) => (
            <li key={row.row} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-1 p-4">
                <p className="flex items-center justify-between gap-2">
                  <span className="font-medium">
                    {t('import.preview.columns.row')} {row.row} · {row.name}
                  </span>
                  <StatusBadge row={row} />
                </p>
                <RowIssues row={row} />
              </div>
            </li>
          ))}
        />
        {preview.rows.length > SHORT_LIST && (
          <button
            type="button"
            className="btn btn-ghost btn-sm self-start"
            onClick={() => setIsShowingAll(!isShowingAll)}
          >
            {isShowingAll
              ? t('import.preview.showLess')
              : preview.isTruncated
                ? t('import.preview.showListed', { count: preview.rows.length, total: preview.total })
                : t('import.preview.showAll', { count: preview.rows.length })}
          </button>
        )}
        {preview.isTruncated && (
          <p className="text-sm text-base-content/70">
            {t('import.preview.truncated', { count: preview.rows.length, total: preview.total })}
          </p>
        )}
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="toggle toggle-primary"
            checked={skipInvalid}
            onChange={(event) => onSkipInvalid(event.target.checked)}
          />
          <span>
            <span className="font-medium">{t('import.preview.skipInvalid')}</span>
            <span className="block text-sm text-base-content/70">{t('import.preview.skipInvalidHelp')}</span>
          </span>
        </label>
        <div className="flex flex-wrap justify-between gap-2">
          <button type="button" className="btn" onClick={onBack}>
            {t('import.actions.back')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onConfirm}>
            {t('import.preview.review')}
          </button>
        </div>
      </div>
    </section>
  );
}

function StatusBadge({ row }: { row: ImportPreviewRow }) {
  const { t } = useTranslation();
  return <span className={`badge ${BADGES[row.status]}`}>{t(`import.preview.statuses.${row.status}`)}</span>;
}

function RowIssues({ row }: { row: ImportPreviewRow }) {
  const { t } = useTranslation();
  const { duplicate } = row;
  if (!row.issues.length && !duplicate)
    return <span className="text-base-content/60">{t('import.preview.noIssues')}</span>;
  return (
    <ul className="text-sm">
      {row.issues.map((issue) => (
        <li key={issue.field}>
          <span className="font-medium">{importFieldLabel(t, issue.field)}:</span> {issueMessage(t, issue)}
          {issue.value && <span className="text-base-content/60"> ({issue.value})</span>}
        </li>
      ))}
      {duplicate && (
        <li>
          {duplicate.existingCustomer
            ? t('import.preview.duplicateExisting', {
                name: duplicate.existingCustomer.name,
                field: importFieldLabel(t, duplicate.field),
              })
            : t('import.preview.duplicateInFile', {
                firstRow: duplicate.firstRow,
                field: importFieldLabel(t, duplicate.field),
              })}
        </li>
      )}
    </ul>
  );
}
