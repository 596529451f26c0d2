import {
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_FILE_MB,
  type ImportFileSummary,
} from '@reformer/domain/customer-import';
import { parseLanguage } from '@reformer/domain/preferences';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-messages.ts';
import { saveFile } from '@/lib/save-file.ts';
import { useAnalyzeImportFile } from '../api/analyze-import-file.ts';
import { sampleTemplate } from './sample-template.ts';

const ACCEPTED = /\.(csv|txt|xlsx)$/i;

type ImportUploadStepProps = {
  organizationId: string;
  /** The file read, when one is. */
  uploaded: { file: File; summary: ImportFileSummary } | null;
  onUploaded: (uploaded: { file: File; summary: ImportFileSummary } | null) => void;
  onNext: () => void;
};

/** Step 1 (spec §2): drop or pick a file, the template, the requirements, then what the server read. */
export function ImportUploadStep({ organizationId, uploaded, onUploaded, onNext }: ImportUploadStepProps) {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const analyze = useAnalyzeImportFile(organizationId, setProgress);

  const read = (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    onUploaded(null);
    // The server checks the same; saying so before a 10 MB upload saves the wait.
    if (!ACCEPTED.test(file.name)) return setProblem(t('errors.IMPORT_FILE_TYPE'));
    if (file.size > IMPORT_MAX_FILE_BYTES) {
      return setProblem(t('errors.IMPORT_FILE_TOO_LARGE', { maxSize: IMPORT_MAX_FILE_MB }));
    }
    setProgress(0);
    analyze.mutate(file, {
      onSuccess: (summary) => onUploaded({ file, summary }),
      onError: (error) => setProblem(describeError(error, 'import.upload.parseFailed')),
    });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    if (!analyze.isPending) read(event.dataTransfer.files[0]);
  };

  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="import-upload">
      <div className="card-body gap-4">
        <h2 id="import-upload" className="card-title">
          {t('import.upload.title')}
        </h2>
        {uploaded && !analyze.isPending ? (
          <div className="flex flex-col gap-3">
            <p role="status" className="alert alert-success">
              {t('import.upload.parsed', {
                fileName: uploaded.summary.fileName,
                rows: uploaded.summary.rowCount,
                columns: uploaded.summary.headers.length,
              })}
            </p>
            <p className="text-sm text-base-content/70">
              {uploaded.summary.format === 'xlsx'
                ? t('import.upload.xlsxDetails')
                : t('import.upload.csvDetails', {
                    delimiter: uploaded.summary.delimiter === '\t' ? 'Tab' : uploaded.summary.delimiter,
                    encoding: uploaded.summary.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252 (Latin-1)',
                  })}
            </p>
            <div className="flex flex-wrap justify-between gap-2">
              <button type="button" className="btn" onClick={() => onUploaded(null)}>
                {t('import.upload.another')}
              </button>
              <button type="button" className="btn btn-primary" onClick={onNext}>
                {t('import.actions.next')}
              </button>
            </div>
          </div>
        ) : (
          <>
            <label
              htmlFor="import-file"
              onDragOver={(event) => {
                event.preventDefault();
                setIsDragging(true);
              }}
              onDragLeave={() => setIsDragging(false)}
              onDrop={onDrop}
              className={`flex min-h-40 cursor-pointer flex-col items-center justify-center gap-2 rounded-box border-2 border-dashed p-6 text-center ${
                isDragging ? 'border-primary bg-primary/5' : 'border-base-300'
              }`}
            >
              {analyze.isPending ? (
                <span role="status" className="flex w-full max-w-xs flex-col items-center gap-2">
                  <span className="loading loading-spinner" aria-hidden="true" />
                  {progress < 100
                    ? t('import.upload.uploading', { percent: progress })
                    : t('import.upload.processing')}
                  <progress className="progress progress-primary w-full" value={progress} max={100} />
                </span>
              ) : (
                <>
                  <span className="font-medium">{t('import.upload.drop')}</span>
                  <span className="text-sm text-base-content/70">{t('import.upload.or')}</span>
                  <span className="btn btn-primary btn-sm">{t('import.upload.pick')}</span>
                </>
              )}
            </label>
            <input
              id="import-file"
              type="file"
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="sr-only"
              disabled={analyze.isPending}
              onChange={(event) => {
                read(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            {problem && (
              <p role="alert" className="alert alert-error">
                {problem}
              </p>
            )}
          </>
        )}
        <div className="flex flex-col gap-1 text-sm">
          <h3 className="font-semibold">{t('import.upload.requirementsTitle')}</h3>
          <ul className="list-inside list-disc text-base-content/80">
            <li>{t('import.upload.requirementHeaders')}</li>
            <li>{t('import.upload.requirementRequired')}</li>
            <li>{t('import.upload.requirementSize', { maxSize: IMPORT_MAX_FILE_MB })}</li>
            <li>{t('import.upload.requirementFormat')}</li>
          </ul>
          <button
            type="button"
            className="btn btn-link self-start px-0"
            onClick={() => {
              const language = parseLanguage(i18n.language);
              saveFile(sampleTemplate(t, language), `${t('import.upload.templateFileName')}.csv`);
            }}
          >
            {t('import.upload.template')}
          </button>
        </div>
      </div>
    </section>
  );
}
