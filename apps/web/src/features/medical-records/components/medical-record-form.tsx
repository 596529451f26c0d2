import type { MedicalRecordValues } from '@reformer/domain/medical-records';
import type { RecordFlag } from '@reformer/domain/medical-records-flags';
import { useMemo, useState } from 'react';
import { Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/form/date-field.tsx';
import { FormDraftGuard } from '@/components/form/form-draft-guard.tsx';
import { FormSection } from '@/components/form/form-section.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { TextareaField } from '@/components/form/textarea-field.tsx';
import { applyServerFieldErrors } from '@/lib/forms.ts';
import { type DraftOf, useFormDraft } from '@/lib/use-form-draft.ts';
import { recordSections } from '../record-fields.ts';
import { documentBmi, recordFlags } from '../record-flags.ts';
import { RecordFieldInput } from './record-field-input.tsx';
import { type RecordForm, type RecordFormValues, recordFormResolver } from './record-form-values.ts';
import { RecordSectionSteps, sectionMarker } from './record-section-steps.tsx';

type MedicalRecordFormProps = {
  defaultValues: RecordFormValues;
  /** Where unsaved work is kept until saved (decision 034). */
  draftOf: DraftOf;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (values: MedicalRecordValues) => Promise<unknown>;
  onCancel: () => void;
};

/**
 * One form for the five record types, drawn from the type's schema: the record's date, title and
 * description, then its sections one at a time (what was typed stays when switching sections). The shared
 * schema validates the whole on save; a section holding an error is opened and marked. Unsaved work is kept
 * as a draft and leaving asks first.
 */
export function MedicalRecordForm({
  defaultValues,
  draftOf,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: MedicalRecordFormProps) {
  const { t } = useTranslation();
  const type = defaultValues.type;
  const sections = recordSections(type);
  const [current, setCurrent] = useState(0);
  const form: RecordForm = useForm<RecordFormValues, unknown, MedicalRecordValues>({
    resolver: recordFormResolver,
    defaultValues,
  });
  const draft = useFormDraft(form, draftOf);
  const documentErrors = (form.formState.errors.document ?? {}) as FieldErrors;
  const invalid = new Set(
    sections
      .filter((section) => section.fields.some((field) => hasError(documentErrors, field.path)))
      .map((s) => s.key),
  );
  const showSection = (index: number) => {
    setCurrent(index);
    document.getElementById('record-section')?.scrollIntoView({ block: 'start' });
  };
  const submit = form.handleSubmit(
    (values) =>
      draft
        .save(() => onSubmit(values))
        .catch((error: unknown) => {
          applyServerFieldErrors(error, form.setError, ['recordDate', 'title', 'description']);
        }),
    (errors) => {
      const documentIssues = (errors.document ?? {}) as FieldErrors;
      const first = sections.findIndex((section) =>
        section.fields.some((field) => hasError(documentIssues, field.path)),
      );
      if (first >= 0 && !errors.recordDate && !errors.title) setCurrent(first);
    },
  );
  const section = sections[current] ?? sections[0];
  const isLast = current >= sections.length - 1;
  const isNumbered = type === 'PHYSICAL_EVALUATION';

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={submit}
      aria-label={t(`medicalRecords.types.${type}`)}
    >
      <FormDraftGuard draft={draft} />
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body grid gap-4 sm:grid-cols-[12rem_1fr]">
          <Controller
            control={form.control}
            name="recordDate"
            render={({ field }) => (
              <DateField
                label={t('medicalRecords.fields.record.recordDate')}
                error={form.formState.errors.recordDate}
                {...field}
              />
            )}
          />
          <TextField
            label={t('medicalRecords.fields.record.title')}
            error={form.formState.errors.title}
            {...form.register('title')}
          />
          <div className="sm:col-span-2">
            <TextareaField
              label={t('medicalRecords.fields.record.description')}
              error={form.formState.errors.description}
              rows={2}
              {...form.register('description')}
            />
          </div>
        </div>
      </div>
      {sections.length > 1 && (
        <RecordSectionSteps
          sections={sections}
          current={current}
          invalid={invalid}
          isNumbered={isNumbered}
          onSelect={showSection}
        />
      )}
      {section && (
        <div id="record-section" className="scroll-mt-4">
          <FormSection
            title={
              section.labelKey
                ? `${sectionMarker(current, isNumbered)}. ${t(section.labelKey as never)}`
                : t(`medicalRecords.types.${type}`)
            }
          >
            <SectionFields key={section.key} form={form} sectionIndex={current} />
          </FormSection>
        </div>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <div className="flex flex-wrap gap-2">
          {current > 0 && (
            <button type="button" className="btn" onClick={() => showSection(current - 1)}>
              {t('medicalRecords.form.previous')}
            </button>
          )}
          {!isLast && (
            <button type="button" className="btn" onClick={() => showSection(current + 1)}>
              {t('medicalRecords.form.next')}
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={isPending}>
            {isPending ? t('common.saving') : submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}

function hasError(errors: FieldErrors, path: string): boolean {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return node !== undefined;
}

/** The current section's fields, with the flags and the BMI as the values are typed. */
function SectionFields({ form, sectionIndex }: { form: RecordForm; sectionIndex: number }) {
  const type = form.getValues('type');
  const section = recordSections(type)[sectionIndex];
  const document = useWatch({ control: form.control, name: 'document' });
  const flags = useMemo(() => recordFlags(type, document), [type, document]);
  const bmi = documentBmi(document);
  if (!section) return null;
  const flagsAt = (path: string): RecordFlag[] => flags.filter((flag) => flag.path === path);
  return (
    <div className="flex flex-col gap-4">
      <SectionWideFlags flags={flagsAt(section.key)} />
      {section.fields.map((field) => (
        <RecordFieldInput
          key={field.path}
          form={form}
          field={field}
          flags={flagsAt(field.path)}
          computed={field.kind === 'computed' ? bmi : undefined}
        />
      ))}
    </div>
  );
}

function SectionWideFlags({ flags }: { flags: RecordFlag[] }) {
  const { t } = useTranslation();
  return flags.map((flag) => (
    <p key={flag.code} role="status" className="alert alert-warning py-2 text-sm">
      {t(`medicalRecords.flags.${flag.code}`)}
    </p>
  ));
}
