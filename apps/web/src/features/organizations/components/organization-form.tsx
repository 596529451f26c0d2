import { OrganizationInput } from '@reformer/domain/organizations';
import { DEFAULT_TIME_ZONE } from '@reformer/domain/time-zones';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextField } from '@/components/form/text-field.tsx';
import { TextareaField } from '@/components/form/textarea-field.tsx';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import { TimeZoneField } from './time-zone-field.tsx';

/** What the inputs hold: every field is set (the time zone select always has a zone chosen). */
type OrganizationFormValues = Required<OrganizationInput>;

type OrganizationFormProps = {
  defaultValues?: OrganizationFormValues;
  submitLabel: string;
  isPending: boolean;
  /** Read-only for members without MANAGE_SETTINGS. */
  isReadOnly?: boolean;
  /** Resolves when the call has settled; rejects with the API error (field errors are shown). */
  onSubmit: (input: z.output<typeof OrganizationInput>) => Promise<unknown>;
  onCancel?: () => void;
};

const FIELDS = ['name', 'description', 'timeZone'] as const;

const EMPTY_ORGANIZATION: OrganizationFormValues = { name: '', description: '', timeZone: DEFAULT_TIME_ZONE };

/** Name (required), description and time zone: used to create and to edit an organization. */
export function OrganizationForm({
  defaultValues = EMPTY_ORGANIZATION,
  submitLabel,
  isPending,
  isReadOnly = false,
  onSubmit,
  onCancel,
}: OrganizationFormProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState, setError } = useForm<
    OrganizationInput,
    unknown,
    z.output<typeof OrganizationInput>
  >({ resolver: domainResolver(OrganizationInput), defaultValues });
  const { errors } = formState;

  const submit = handleSubmit(async (input) => {
    await onSubmit(input).catch((error: unknown) => applyServerFieldErrors(error, setError, FIELDS));
  });

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <fieldset className="flex flex-col gap-3" disabled={isReadOnly}>
        <TextField label={t('organizations.fields.name')} error={errors.name} {...register('name')} />
        <TextareaField
          label={`${t('organizations.fields.description')} (${t('common.optional')})`}
          rows={3}
          error={errors.description}
          {...register('description')}
        />
        <TimeZoneField current={defaultValues.timeZone} error={errors.timeZone} {...register('timeZone')} />
      </fieldset>
      {!isReadOnly && (
        <div className="flex justify-end gap-2">
          {onCancel && (
            <button type="button" className="btn btn-ghost" onClick={onCancel}>
              {t('common.cancel')}
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={isPending}>
            {isPending ? t('common.saving') : submitLabel}
          </button>
        </div>
      )}
    </form>
  );
}
