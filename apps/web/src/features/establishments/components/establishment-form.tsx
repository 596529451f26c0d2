import { type Establishment, EstablishmentInput } from '@reformer/domain/establishments';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import { TextareaField } from '@/components/form/textarea-field.tsx';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import { displayPhone } from '@/lib/phones.ts';

type EstablishmentFormProps = {
  establishment?: Establishment;
  submitLabel: string;
  isPending: boolean;
  /** Resolves when the call has settled; rejects with the API error (field errors are shown). */
  onSubmit: (input: EstablishmentInput) => Promise<unknown>;
  onCancel: () => void;
};

const FIELDS = ['name', 'description', 'address', 'phone', 'email'] as const;

/** Name (required), description, address, phone and email (optional): to create and to edit. */
export function EstablishmentForm({
  establishment,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: EstablishmentFormProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: domainResolver(EstablishmentInput),
    defaultValues: {
      name: establishment?.name ?? '',
      description: establishment?.description ?? '',
      address: establishment?.address ?? '',
      // Stored in E.164; shown as written at home, '(11) 3333-4444' (the schema reads it back the same).
      phone: displayPhone(establishment?.phone),
      email: establishment?.email ?? '',
    },
  });
  const { errors } = formState;
  const optional = (label: string) => `${label} (${t('common.optional')})`;

  const submit = handleSubmit(async (input) => {
    await onSubmit(input).catch((error: unknown) => applyServerFieldErrors(error, setError, FIELDS));
  });

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <TextField label={t('establishments.fields.name')} error={errors.name} {...register('name')} />
      <TextareaField
        label={optional(t('establishments.fields.description'))}
        rows={2}
        error={errors.description}
        {...register('description')}
      />
      <TextField
        label={optional(t('establishments.fields.address'))}
        autoComplete="street-address"
        error={errors.address}
        {...register('address')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={optional(t('establishments.fields.phone'))}
          type="tel"
          autoComplete="tel"
          error={errors.phone}
          {...register('phone')}
        />
        <TextField
          label={optional(t('establishments.fields.email'))}
          type="email"
          autoComplete="email"
          error={errors.email}
          {...register('email')}
        />
      </div>
      <DialogActions onCancel={onCancel}>
        <button type="submit" className="btn btn-primary" disabled={isPending}>
          {isPending ? t('common.saving') : submitLabel}
        </button>
      </DialogActions>
    </form>
  );
}
