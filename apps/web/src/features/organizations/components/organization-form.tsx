import { OrganizationInput } from '@reformer/domain/organizations';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/text-field.tsx';
import { TextareaField } from '../../../components/form/textarea-field.tsx';
import { applyServerFieldErrors, domainResolver } from '../../../lib/forms.ts';

type OrganizationFormValues = { name: string; description: string };

type OrganizationFormProps = {
  defaultValues?: OrganizationFormValues;
  submitLabel: string;
  isPending: boolean;
  /** Read-only for members without MANAGE_SETTINGS. */
  isReadOnly?: boolean;
  /** Resolves when the call has settled; rejects with the API error (field errors are shown). */
  onSubmit: (input: OrganizationInput) => Promise<unknown>;
  onCancel?: () => void;
};

const FIELDS = ['name', 'description'] as const;

/** Name (required) and description (optional): used to create and to edit an organization. */
export function OrganizationForm({
  defaultValues = { name: '', description: '' },
  submitLabel,
  isPending,
  isReadOnly = false,
  onSubmit,
  onCancel,
}: OrganizationFormProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: domainResolver(OrganizationInput),
    defaultValues,
  });
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
