import { formatCpf, isValidCpf } from '@reformer/domain/cpf';
import { idTypesFor } from '@reformer/domain/customers';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { useCountryOptions } from './countries.ts';
import type { CustomerFormValues } from './customer-form-values.ts';

/** Country, then the id types that country uses (spec: BR, US, IN and a default set), then the number. */
export function CustomerDocumentFields() {
  const { t } = useTranslation();
  const { register, watch, getValues, setValue, formState } = useFormContext<CustomerFormValues>();
  const { errors } = formState;
  const country = watch('country');
  const idType = watch('idType');
  const countryOptions = useCountryOptions(country);
  const idTypes = idTypesFor(country);
  const offered = idType && !idTypes.includes(idType) ? [...idTypes, idType] : idTypes;

  return (
    <div className="grid gap-3 md:grid-cols-3">
      <SelectField
        label={t('customers.fields.country')}
        options={countryOptions}
        error={errors.country}
        {...register('country', {
          onChange: () => {
            const chosen = getValues('idType');
            if (chosen && !idTypesFor(getValues('country')).includes(chosen)) setValue('idType', '');
          },
        })}
      />
      <SelectField
        label={t('customers.fields.idType')}
        options={[
          { value: '', label: t('customers.fields.idTypeNone') },
          ...offered.map((type) => ({ value: type, label: t(`customers.idTypes.${type}`) })),
        ]}
        error={errors.idType}
        {...register('idType')}
      />
      <TextField
        label={t('customers.fields.idNumber')}
        placeholder={idType === 'CPF' ? '000.000.000-00' : undefined}
        inputMode={idType === 'CPF' ? 'numeric' : undefined}
        autoComplete="off"
        error={errors.idNumber}
        {...register('idNumber', {
          onBlur: (event: { target: HTMLInputElement }) => {
            const value = event.target.value;
            if (getValues('idType') === 'CPF' && isValidCpf(value)) setValue('idNumber', formatCpf(value));
          },
        })}
      />
    </div>
  );
}
