import type { ImportResult as Result } from '@reformer/domain/customer-import';
import { parseLanguage } from '@reformer/domain/preferences';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TableOrCards } from '@/components/ui/table-or-cards.tsx';
import { datedFileName, saveFile } from '@/lib/save-file.ts';
import { importFieldLabel } from './import-field-label.ts';
import { copiedErrors, importReport, issueMessage, truncationNotes } from './import-report.ts';
import { ImportStats } from './import-stats.tsx';

const OUTCOME_ALERTS = {
  success: 'alert-success',
  partial: 'alert-warning',
  nothingNew: 'alert-info',
  failed: 'alert-error',
} as const;

type ImportResultProps = {
  organizationId: string;
  result: Result;
  onTryAgain: () => void;
  onImportAnother: () => void;
};

/** Spec §2 and §3: processed, imported, errors, skipped/duplicates, both lists, and what to do next. */
export function ImportResultView({ organizationId, result, onTryAgain, onImportAnother }: ImportResultProps) {
  const { t, i18n } = useTranslation();
  const copyErrors = async () => {
    try {
      await navigator.clipboard.writeText(copiedErrors(t, result));
      toast.success(t('import.result.copied'));
    } catch {
      toast.error(t('import.result.copyFailed'));
    }
  };
  const downloadReport = () =>
    saveFile(
      importReport(t, parseLanguage(i18n.language), result),
      datedFileName(t('import.result.reportFileName')),
    );
  const hasIssues = result.errorList.length > 0 || result.duplicateList.length > 0;

  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="import-result">
      <div className="card-body gap-4">
        <h2 id="import-result" className="card-title">
          {t('import.result.title')}
        </h2>
        <p role="status" className={`alert ${OUTCOME_ALERTS[result.outcome]}`}>
          {t(`import.result.${result.outcome}`)}
        </p>
        <ImportStats
          label={t('import.result.title')}
          stats={[
            ['processed', t('import.result.processed'), result.processed, ''],
            ['imported', t('import.result.imported'), result.imported, 'text-success'],
            ['errors', t('import.result.errors'), result.errors, 'text-error'],
            ['duplicates', t('import.result.duplicates'), result.duplicates, 'text-warning'],
          ]}
        />
        {result.errorList.length > 0 && <ErrorList result={result} />}
        {result.duplicateList.length > 0 && <DuplicateList organizationId={organizationId} result={result} />}
        {truncationNotes(t, result).map((note) => (
          <p key={note} className="text-sm text-base-content/70">
            {note}
          </p>
        ))}
        <div className="flex flex-wrap gap-2">
          {result.errorList.length > 0 && (
            <button type="button" className="btn" onClick={copyErrors}>
              {t('import.result.copyErrors')}
            </button>
          )}
          {hasIssues && (
            <button type="button" className="btn" onClick={downloadReport}>
              {t('import.result.downloadReport')}
            </button>
          )}
          {result.outcome === 'failed' && (
            <button type="button" className="btn" onClick={onTryAgain}>
              {t('import.result.tryAgain')}
            </button>
          )}
          <button type="button" className="btn" onClick={onImportAnother}>
            {t('import.result.importAnother')}
          </button>
          <Link to="/app/org/$orgId/customers" params={{ orgId: organizationId }} className="btn btn-primary">
            {t('import.result.viewCustomers')}
          </Link>
        </div>
      </div>
    </section>
  );
}

function ErrorList({ result }: { result: Result }) {
  const { t } = useTranslation();
  const key = (issue: Result['errorList'][number]) => `${issue.row}-${issue.field}`;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{t('import.result.errorsTitle')}</h3>
      <TableOrCards
        tableFrom="md"
        isFramed
        table={
          <table className="table table-sm" aria-label={t('import.result.errorsTitle')}>
            <thead>
              <tr>
                <th>{t('import.result.columns.row')}</th>
                <th>{t('import.result.columns.error')}</th>
                <th>{t('import.result.columns.field')}</th>
                <th>{t('import.result.columns.value')}</th>
              </tr>
            </thead>
            <tbody>
              {result.errorList.map((issue) => (
                <tr key={key(issue)}>
                  <td>{issue.row}</td>
                  <td>{issueMessage(t, issue)}</td>
                  <td>{importFieldLabel(t, issue.field)}</td>
                  <td className="break-all">{issue.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
        cards={result.errorList.map((issue) => (
          <li key={key(issue)} className="card border border-base-300 bg-base-100">
            <div className="card-body gap-1 p-3 text-sm">
              <p className="font-medium">
                {t('import.result.columns.row')} {issue.row} · {importFieldLabel(t, issue.field)}
              </p>
              <p>{issueMessage(t, issue)}</p>
              {issue.value && <p className="break-all text-base-content/70">{issue.value}</p>}
            </div>
          </li>
        ))}
      />
    </div>
  );
}

function DuplicateList({ organizationId, result }: { organizationId: string; result: Result }) {
  const { t } = useTranslation();
  const existing = (duplicate: Result['duplicateList'][number]) =>
    duplicate.existingCustomer ? (
      <Link
        to="/app/org/$orgId/customers/$customerId/details"
        params={{ orgId: organizationId, customerId: duplicate.existingCustomer.id }}
        className="link"
      >
        {duplicate.existingCustomer.name}
      </Link>
    ) : (
      t('import.result.inFile', { row: duplicate.firstRow })
    );
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{t('import.result.duplicatesTitle')}</h3>
      <TableOrCards
        tableFrom="md"
        isFramed
        table={
          <table className="table table-sm" aria-label={t('import.result.duplicatesTitle')}>
            <thead>
              <tr>
                <th>{t('import.result.columns.row')}</th>
                <th>{t('import.result.columns.field')}</th>
                <th>{t('import.result.columns.value')}</th>
                <th>{t('import.result.columns.existingCustomer')}</th>
              </tr>
            </thead>
            <tbody>
              {result.duplicateList.map((duplicate) => (
                <tr key={duplicate.row}>
                  <td>{duplicate.row}</td>
                  <td>{importFieldLabel(t, duplicate.field)}</td>
                  <td className="break-all">{duplicate.value}</td>
                  <td>{existing(duplicate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
        cards={result.duplicateList.map((duplicate) => (
          <li key={duplicate.row} className="card border border-base-300 bg-base-100">
            <div className="card-body gap-1 p-3 text-sm">
              <p className="font-medium">
                {t('import.result.columns.row')} {duplicate.row} · {importFieldLabel(t, duplicate.field)}:{' '}
                {duplicate.value}
              </p>
              <p>{existing(duplicate)}</p>
            </div>
          </li>
        ))}
      />
    </div>
  );
}
