import type { ImportField, ImportFileSummary } from '@reformer/domain/customer-import';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-messages.ts';
import { useRunImport } from '../api/run-import.ts';
import { useValidateImport } from '../api/validate-import.ts';
import {
  type ImportWizardSearch,
  type ImportWizardStep,
  readMapping,
  writeMapping,
} from '../import-wizard-search.ts';
import { ImportConfirm } from './import-confirm.tsx';
import { ImportMappingStep } from './import-mapping-step.tsx';
import { ImportPreviewStep } from './import-preview-step.tsx';
import { ImportResultView } from './import-result.tsx';
import { ImportUploadStep } from './import-upload-step.tsx';

/** The four steps shown; the confirm step is the preview's last part. */
const STEPS = ['upload', 'mapping', 'preview', 'import'] as const;
type Uploaded = { file: File; summary: ImportFileSummary };
type Mapping = (ImportField | null)[];

type CustomerImportWizardProps = {
  organizationId: string;
  search: ImportWizardSearch;
  onSearchChange: (search: ImportWizardSearch, options: { replace: boolean }) => void;
};

/**
 * The import wizard (spec document 2 §2, issue #14): upload, mapping, preview with a confirm step, import
 * with its result. The file stays in the browser and goes with each call; the server keeps nothing. The
 * step, the mapping and "skip invalid rows" live in the URL (issue #27), so Back goes to the step before
 * and a reload asks only for the file again, then goes on where it was.
 */
export function CustomerImportWizard({ organizationId, search, onSearchChange }: CustomerImportWizardProps) {
  const { t } = useTranslation();
  const step = search.step ?? 'upload';
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [progress, setProgress] = useState(0);
  const validate = useValidateImport(organizationId);
  const runImport = useRunImport(organizationId, setProgress);
  const mapping: Mapping = uploaded
    ? (readMapping(search.mapping, uploaded.summary.headers.length) ?? uploaded.summary.suggestedMapping)
    : [];
  const skipInvalid = search.skipInvalid ?? true;

  const go = (next: ImportWizardStep, changes: ImportWizardSearch = {}) =>
    onSearchChange({ ...search, ...changes, step: next }, { replace: next === step });
  const change = (changes: ImportWizardSearch) =>
    onSearchChange({ ...search, ...changes }, { replace: true });

  // A reload (or Back, Forward) onto the preview: the rows are checked again for the file and mapping shown.
  const isChecked =
    validate.variables?.file === uploaded?.file &&
    writeMapping(validate.variables?.mapping ?? []) === writeMapping(mapping);
  const needsCheck = Boolean(uploaded) && (step === 'preview' || step === 'confirm') && !isChecked;
  useEffect(() => {
    if (needsCheck && uploaded) validate.mutate({ file: uploaded.file, mapping });
  });
  // The result is an answer of this page's life: after a reload there is none to show, and never a second run.
  const isResultGone = step === 'import' && runImport.isIdle;
  useEffect(() => {
    if (isResultGone) onSearchChange({}, { replace: true });
  });

  const onUploaded = (next: Uploaded | null) => {
    setUploaded(next);
    // A file chosen afresh starts from its suggested mapping; one chosen again after a reload keeps the URL's.
    if (next && step === 'upload') change({ mapping: undefined });
  };
  const checkRows = () => {
    if (!uploaded) return;
    runImport.reset();
    validate.mutate({ file: uploaded.file, mapping });
    go('preview', { mapping: writeMapping(mapping) });
  };
  const importRows = () => {
    if (!uploaded) return;
    setProgress(0);
    runImport.mutate({ file: uploaded.file, mapping, skipInvalid });
    // In place of the confirm step: Back from the result goes to the preview, never to a second import.
    onSearchChange({ ...search, step: 'import' }, { replace: true });
  };
  const startOver = () => {
    setUploaded(null);
    validate.reset();
    runImport.reset();
    onSearchChange({}, { replace: false });
  };
  const shownStep = step === 'confirm' ? 'preview' : step;
  const isWaitingForFile = !uploaded && step !== 'upload' && !isResultGone;

  return (
    <div className="flex flex-col gap-6">
      <ol aria-label={t('import.steps.label')} className="steps w-full">
        {STEPS.map((each, index) => (
          <li
            key={each}
            className={`step text-sm ${index <= STEPS.indexOf(shownStep) ? 'step-primary' : ''}`}
            aria-current={each === shownStep ? 'step' : undefined}
          >
            {t(`import.steps.${each}`)}
          </li>
        ))}
      </ol>

      {isWaitingForFile && (
        <p role="status" className="alert alert-info">
          {t('import.resume.chooseFileAgain', { step: t(`import.steps.${shownStep}`) })}
        </p>
      )}

      {(step === 'upload' || isWaitingForFile) && (
        <ImportUploadStep
          organizationId={organizationId}
          uploaded={uploaded}
          onUploaded={onUploaded}
          onNext={() => go('mapping')}
        />
      )}

      {step === 'mapping' && uploaded && (
        <ImportMappingStep
          summary={uploaded.summary}
          mapping={mapping}
          onChange={(next) => change({ mapping: writeMapping(next) })}
          onBack={() => go('upload')}
          onNext={checkRows}
        />
      )}

      {(step === 'preview' || step === 'confirm') && uploaded && (
        <>
          {(validate.isPending || needsCheck) && <Waiting text={t('import.preview.validating')} />}
          {validate.isError && !needsCheck && (
            <Failure
              message={describeError(validate.error)}
              onRetry={checkRows}
              onBack={() => go('mapping')}
            />
          )}
          {validate.data &&
            !needsCheck &&
            (step === 'confirm' ? (
              <ImportConfirm
                fileName={uploaded.file.name}
                preview={validate.data}
                skipInvalid={skipInvalid}
                isImporting={runImport.isPending}
                onBack={() => go('preview')}
                onImport={importRows}
              />
            ) : (
              <ImportPreviewStep
                preview={validate.data}
                skipInvalid={skipInvalid}
                onSkipInvalid={(skip) => change({ skipInvalid: skip })}
                onBack={() => go('mapping')}
                onConfirm={() => go('confirm')}
              />
            ))}
        </>
      )}

      {step === 'import' && (
        <>
          {runImport.isPending && (
            <Waiting
              text={
                progress < 100
                  ? t('import.progress.uploading', { percent: progress })
                  : t('import.progress.saving')
              }
              progress={progress}
            />
          )}
          {runImport.isError && (
            <Failure message={describeError(runImport.error)} onRetry={importRows} onBack={checkRows} />
          )}
          {runImport.data && (
            <ImportResultView
              organizationId={organizationId}
              result={runImport.data}
              onTryAgain={checkRows}
              onImportAnother={startOver}
            />
          )}
        </>
      )}
    </div>
  );
}

function Waiting({ text, progress }: { text: string; progress?: number }) {
  return (
    <div role="status" className="card border border-base-300 bg-base-100">
      <div className="card-body items-center gap-3 text-center">
        <span className="loading loading-spinner loading-lg" aria-hidden="true" />
        <p>{text}</p>
        {progress !== undefined && (
          <progress className="progress progress-primary w-full max-w-sm" value={progress} max={100} />
        )}
      </div>
    </div>
  );
}

function Failure({ message, onRetry, onBack }: { message: string; onRetry: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="alert alert-error flex flex-wrap justify-between">
      <span>{message}</span>
      <span className="flex gap-2">
        <button type="button" className="btn btn-sm" onClick={onBack}>
          {t('import.actions.back')}
        </button>
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          {t('import.result.tryAgain')}
        </button>
      </span>
    </div>
  );
}
