import type { ScheduleValues } from '@reformer/domain/schedules';
import { FormProvider, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSection } from '@/components/form/form-section.tsx';
import { TextareaField } from '@/components/form/textarea-field.tsx';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { applyServerFieldErrors } from '@/lib/forms.ts';
import { ScheduleClassFields, type ScheduleFormChoices } from './schedule-class-fields.tsx';
import {
  SCHEDULE_FORM_FIELDS,
  type ScheduleFormValues,
  scheduleFormResolver,
} from './schedule-form-values.ts';
import { ScheduleWhenFields } from './schedule-when-fields.tsx';

type ScheduleFormProps = ScheduleFormChoices & {
  defaultValues: ScheduleFormValues;
  submitLabel: string;
  isPending: boolean;
  /** Editing says what saving does to the sessions already generated. */
  isEditing?: boolean;
  /** Resolves when the call has settled; rejects with the API error (field errors are shown). */
  onSubmit: (values: ScheduleValues) => Promise<unknown>;
  onCancel: () => void;
};

/** The instructor must work at the establishment; the server's answer goes next to the field. */
function showServerErrors(error: unknown, setError: UseFormSetError<ScheduleFormValues>) {
  if (applyServerFieldErrors(error, setError, SCHEDULE_FORM_FIELDS)) return;
  if (!(error instanceof ApiError)) return;
  const field =
    error.code === 'STAFF_NOT_IN_ESTABLISHMENT'
      ? 'staffUserId'
      : error.code === 'ESTABLISHMENT_NOT_FOUND'
        ? 'establishmentId'
        : null;
  if (field) setError(field, { type: 'server', message: `errors.${error.code}` }, { shouldFocus: true });
}

/** Every schedule field of spec §3, validated by the shared ScheduleInput; used to create and to edit. */
export function ScheduleForm({
  establishments,
  staff,
  defaultValues,
  submitLabel,
  isPending,
  isEditing = false,
  onSubmit,
  onCancel,
}: ScheduleFormProps) {
  const { t } = useTranslation();
  const form = useForm<ScheduleFormValues, unknown, ScheduleValues>({
    resolver: scheduleFormResolver,
    defaultValues,
  });
  const { register, handleSubmit, formState, setError } = form;

  const submit = handleSubmit(async (values) => {
    await onSubmit(values).catch((error: unknown) => showServerErrors(error, setError));
  });

  return (
    <FormProvider {...form}>
      <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
        <FormSection title={t('schedules.form.sections.class')}>
          <ScheduleClassFields establishments={establishments} staff={staff} />
        </FormSection>
        <FormSection title={t('schedules.form.sections.when')}>
          <ScheduleWhenFields />
        </FormSection>
        <FormSection title={t('schedules.form.sections.notesAndStatus')}>
          <div className="grid gap-3">
            <TextareaField
              label={`${t('schedules.form.fields.notes')} (${t('common.optional')})`}
              placeholder={t('schedules.form.placeholders.notes')}
              rows={3}
              error={formState.errors.notes}
              {...register('notes')}
            />
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="checkbox" className="toggle toggle-sm" {...register('isActive')} />
              {t('schedules.form.fields.isActive')}
            </label>
            {isEditing && (
              <p className="text-sm text-base-content/70">{t('schedules.form.hints.regenerate')}</p>
            )}
          </div>
        </FormSection>
        <DialogActions onCancel={onCancel}>
          <button type="submit" className="btn btn-primary" disabled={isPending}>
            {isPending ? t('common.saving') : submitLabel}
          </button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
