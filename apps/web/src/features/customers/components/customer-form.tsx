import { type CustomerValues, EDITABLE_CUSTOMER_STATUSES, GENDERS } from '@reformer/domain/customers';
import { Controller, FormProvider, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/form/date-field.tsx';
import { FormSection } from '@/components/form/form-section.tsx';
import { SelectField } from '@/components/form/select-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { TextareaField } from '@/components/form/textarea-field.tsx';
import { DialogActions } from '@/components/ui/dialog-actions.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { applyServerFieldErrors } from '@/lib/forms.ts';
import { CustomerAddressFields } from './customer-address-fields.tsx';
import { CustomerDocumentFields } from './customer-document-fields.tsx';
import {
  CUSTOMER_FORM_FIELDS,
  type CustomerFormValues,
  customerFormResolver,
  EMPTY_CUSTOMER_FORM,
} from './customer-form-values.ts';

type CustomerFormProps = {
  defaultValues?: CustomerFormValues;
  submitLabel: string;
  isPending: boolean;
  /** Resolves when the call has settled; rejects with the API error (field errors are shown). */
  onSubmit: (values: CustomerValues) => Promise<unknown>;
  onCancel: () => void;
};

/** A 409 names the field that is already taken by another customer of the organization. */
function showServerErrors(error: unknown, setError: UseFormSetError<CustomerFormValues>) {
  if (applyServerFieldErrors(error, setError, CUSTOMER_FORM_FIELDS)) return;
  if (!(error instanceof ApiError)) return;
  if (error.code === 'CUSTOMER_CPF_TAKEN') {
    setError('idNumber', { type: 'server', message: 'errors.CUSTOMER_CPF_TAKEN' }, { shouldFocus: true });
  }
  if (error.code === 'CUSTOMER_EMAIL_TAKEN') {
    setError('email', { type: 'server', message: 'errors.CUSTOMER_EMAIL_TAKEN' }, { shouldFocus: true });
  }
}

/** Every customer field of spec §3, grouped; used to create and to edit a customer. */
export function CustomerForm({
  defaultValues = EMPTY_CUSTOMER_FORM,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: CustomerFormProps) {
  const { t } = useTranslation();
  const form = useForm<CustomerFormValues, unknown, CustomerValues>({
    resolver: customerFormResolver,
    defaultValues,
  });
  const { register, handleSubmit, formState, setError } = form;
  const { errors } = formState;

  const submit = handleSubmit(async (values) => {
    await onSubmit(values).catch((error: unknown) => showServerErrors(error, setError));
  });

  return (
    <FormProvider {...form}>
      <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
        <FormSection title={t('customers.form.sections.personal')}>
          <div className="grid gap-3 md:grid-cols-2">
            <TextField
              label={t('customers.fields.firstName')}
              autoComplete="off"
              error={errors.firstName}
              {...register('firstName')}
            />
            <TextField
              label={t('customers.fields.lastName')}
              autoComplete="off"
              error={errors.lastName}
              {...register('lastName')}
            />
            <Controller
              control={form.control}
              name="dateOfBirth"
              render={({ field }) => (
                <DateField label={t('customers.fields.dateOfBirth')} error={errors.dateOfBirth} {...field} />
              )}
            />
            <SelectField
              label={t('customers.fields.gender')}
              options={[
                { value: '', label: t('customers.fields.notInformed') },
                ...GENDERS.map((gender) => ({ value: gender, label: t(`customers.genders.${gender}`) })),
              ]}
              error={errors.gender}
              {...register('gender')}
            />
            <TextField
              label={t('customers.fields.profession')}
              error={errors.profession}
              {...register('profession')}
            />
          </div>
        </FormSection>

        <FormSection title={t('customers.form.sections.document')}>
          <CustomerDocumentFields />
        </FormSection>

        <FormSection title={t('customers.form.sections.contact')}>
          <div className="grid gap-3 md:grid-cols-2">
            <TextField
              type="email"
              label={t('customers.fields.email')}
              autoComplete="off"
              error={errors.email}
              {...register('email')}
            />
            <div className="flex flex-col gap-2">
              <TextField
                type="tel"
                label={t('customers.fields.phone')}
                placeholder="(11) 91234-5678"
                error={errors.phone}
                {...register('phone')}
              />
              <label className="flex cursor-pointer items-center gap-2 text-sm">
                <input type="checkbox" className="checkbox checkbox-sm" {...register('isWhatsapp')} />
                {t('customers.fields.isWhatsapp')}
              </label>
            </div>
          </div>
        </FormSection>

        <FormSection title={t('customers.form.sections.address')}>
          <CustomerAddressFields />
        </FormSection>

        <FormSection title={t('customers.form.sections.emergency')}>
          <div className="grid gap-3 md:grid-cols-2">
            <TextField
              label={t('customers.fields.emergencyContactName')}
              error={errors.emergencyContactName}
              {...register('emergencyContactName')}
            />
            <TextField
              type="tel"
              label={t('customers.fields.emergencyContactPhone')}
              error={errors.emergencyContactPhone}
              {...register('emergencyContactPhone')}
            />
          </div>
        </FormSection>

        <FormSection title={t('customers.form.sections.notesAndStatus')}>
          <div className="grid gap-3">
            <TextareaField
              label={t('customers.fields.notes')}
              rows={4}
              error={errors.notes}
              {...register('notes')}
            />
            <div className="md:w-1/3">
              <SelectField
                label={t('customers.fields.status')}
                options={EDITABLE_CUSTOMER_STATUSES.map((status) => ({
                  value: status,
                  label: t(`customers.statuses.${status}`),
                }))}
                error={errors.status}
                {...register('status')}
              />
            </div>
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
