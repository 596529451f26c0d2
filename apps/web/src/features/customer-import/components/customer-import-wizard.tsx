import type { ImportField, ImportFileSummary } from '@reformer/domain/customer-import';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/error-messages.ts';
import { useRunImport } from '../api/run-import.ts';
import { useValidateImport } from '../api/validate-import.ts';
import { ImportConfirm } from './import-confirm.tsx';
import { ImportMappingStep } from './import-mapping-step.tsx';
import { ImportPreviewStep } from './import-preview-step.tsx';
import { ImportResultView } from './import-result.tsx';
import { ImportUploadStep } from './import-upload-step.tsx';

const STEPS = ['upload', 'mapping', 'preview', 'import'] as const;
type Step = (typeof STEPS)[number];
type Uploaded = { file: File; summary: ImportFileSummary };

/**
 * The import wizard (spec document 2 §2, issue #14): upload, mapping, preview with a confirm step, import
 * with its result. The file stays in the browser and goes with each call; the server keeps nothing.
 */
export function CustomerImportWizard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('upload');
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [mapping, setMapping] = useState<(ImportField | null)[]>([]);
  const [skipInvalid, setSkipInvalid] = useState(true);
  const [isConfirming, setIsConfirming] = useState(false);
  const [progress, setProgress] = useState(0);
  const validate = useValidateImport(organizationId);
  const runImport = useRunImport(organizationId, setProgress);

  const onUploaded = (next: Uploaded | null) => {
    setUploaded(next);
    setMapping(next?.summary.suggestedMapping ?? []);
  };
  const checkRows = () => {
    if (!uploaded) return;
    setIsConfirming(false);
    runImport.reset();
    validate.mutate({ file: uploaded.file, mapping });
    setStep('preview');
  };
  const importRows = () => {
    if (!uploaded) return;
    setProgress(0);
    runImport.mutate({ file: uploaded.file, mapping, skipInvalid });
    setStep('import');
  };
  const startOver = () => {
    onUploaded(null);
    validate.reset();
    runImport.reset();
    setIsConfirming(false);
    setStep('upload');
  };

  return (
    <div className="flex flex-col gap-6">
      <ol aria-label={t('import.steps.label')} className="steps w-full">
        {STEPS.map((each, index) => (
          <li
            key={each}
            className={`step text-sm ${index <= STEPS.indexOf(step) ? 'step-primary' : ''}`}
            aria-current={each === step ? 'step' : undefined}
          >
            {t(`import.steps.${each}`)}
          </li>
        ))}
      </ol>

      {step === 'upload' && (
        <ImportUploadStep
          organizationId={organizationId}
          uploaded={uploaded}
          onUploaded={onUploaded}
          onNext={() => setStep('mapping')}
        />
      )}

      {step === 'mapping' && uploaded && (
        <ImportMappingStep
          summary={uploaded.summary}
          mapping={mapping}
          onChange={setMapping}
          onBack={() => setStep('upload')}
          onNext={checkRows}
        />
      )}

      {step === 'preview' && uploaded && (
        <>
          {validate.isPending && <Waiting text={t('import.preview.validating')} />}
          {validate.isError && (
            <Failure
              message={describeError(validate.error)}
              onRetry={checkRows}
              onBack={() => setStep('mapping')}
            />
          )}
          {validate.data &&
            (isConfirming ? (
              <ImportConfirm
                fileName={uploaded.file.name}
                preview={validate.data}
                skipInvalid={skipInvalid}
                isImporting={runImport.isPending}
                onBack={() => setIsConfirming(false)}
                onImport={importRows}
              />
            ) : (
              <ImportPreviewStep
                preview={validate.data}
                skipInvalid={skipInvalid}
                onSkipInvalid={setSkipInvalid}
                onBack={() => setStep('mapping')}
                onConfirm={() => setIsConfirming(true)}
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
