import { CEP_PATTERN, formatCep } from '@reformer/domain/customers';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import { ApiError } from '@/lib/api-error.ts';
import {
  type PostalAddress,
  type PostalCodeLookup,
  postalCodeQueryOptions,
} from '../api/lookup-postal-code.ts';
import type { CustomerFormValues } from './customer-form-values.ts';

/** `notFound`: the CEP does not exist (404); `unavailable`: the lookup service did not answer (503, offline). */
type LookupState = 'idle' | 'loading' | 'notFound' | 'unavailable';

/**
 * A complete Brazilian CEP fills street, neighbourhood, city and state from the server's lookup (spec §5).
 * A failed lookup says why (no such CEP, or the service is unavailable) and leaves every field editable.
 */
function useCepLookup(lookupPostalCode: PostalCodeLookup | undefined) {
  const queryClient = useQueryClient();
  const { getValues, setValue } = useFormContext<CustomerFormValues>();
  const [state, setState] = useState<LookupState>('idle');
  const latest = useRef('');

  const fill = (address: PostalAddress) => {
    const options = { shouldDirty: true, shouldValidate: true } as const;
    setValue('zipCode', address.zipCode, options);
    if (address.street) setValue('address', address.street, options);
    if (address.neighborhood) setValue('neighborhood', address.neighborhood, options);
    if (address.city) setValue('city', address.city, options);
    if (address.state) setValue('state', address.state, options);
  };

  const lookup = async (zipCode: string) => {
    const digits = zipCode.replace(/\D/g, '');
    if (getValues('country') !== 'BR' || !CEP_PATTERN.test(zipCode.trim())) {
      latest.current = '';
      setState('idle');
      return;
    }
    if (digits === latest.current) return;
    latest.current = digits;
    setState('loading');
    try {
      const address = await queryClient.fetchQuery(postalCodeQueryOptions(digits, lookupPostalCode));
      if (latest.current !== digits) return;
      fill(address);
      setState('idle');
    } catch (error) {
      if (latest.current !== digits) return;
      const isUnknownCep = error instanceof ApiError && error.code === 'POSTAL_CODE_NOT_FOUND';
      setState(isUnknownCep ? 'notFound' : 'unavailable');
    }
  };

  return { state, lookup };
}

/**
 * The CEP's input mask: digits only, the dash after the fifth, whether typed or pasted ("01310100" and
 * "01310-100" both read 01310-100). The caret stays after the same digit when the dash moves.
 */
function maskCepInput(input: HTMLInputElement) {
  const caret = input.selectionStart ?? input.value.length;
  const digitsBeforeCaret = input.value.slice(0, caret).replace(/\D/g, '').length;
  const masked = formatCep(input.value);
  if (masked === input.value) return;
  input.value = masked;
  const position = digitsBeforeCaret > 5 ? digitsBeforeCaret + 1 : digitsBeforeCaret;
  input.setSelectionRange(position, position);
}

/**
 * The address inputs of a form holding `CustomerFormValues`' address fields and `country`: staff's customer
 * form, and the customer's own profile in the portal, which passes its own `lookupPostalCode`.
 */
export function CustomerAddressFields({ lookupPostalCode }: { lookupPostalCode?: PostalCodeLookup }) {
  const { t } = useTranslation();
  const { register, watch, formState } = useFormContext<CustomerFormValues>();
  const { errors } = formState;
  const isBrazil = watch('country') === 'BR';
  const cep = useCepLookup(lookupPostalCode);
  const zipCode = register('zipCode');

  return (
    <div className="grid gap-3 md:grid-cols-6">
      <div className="md:col-span-2">
        <TextField
          label={isBrazil ? t('customers.fields.cep') : t('customers.fields.zipCode')}
          placeholder={isBrazil ? '00000-000' : undefined}
          inputMode={isBrazil ? 'numeric' : undefined}
          autoComplete="postal-code"
          error={errors.zipCode}
          hint={isBrazil ? t('customers.form.cepHint') : undefined}
          {...zipCode}
          onChange={async (event) => {
            if (isBrazil) maskCepInput(event.target);
            await zipCode.onChange(event);
            await cep.lookup(event.target.value);
          }}
        />
        {cep.state === 'loading' && (
          <p role="status" className="mt-1 text-sm text-base-content/70">
            {t('customers.form.cepLoading')}
          </p>
        )}
        {cep.state === 'notFound' && (
          <p role="alert" className="mt-1 text-sm font-medium">
            {t('errors.POSTAL_CODE_NOT_FOUND')}
          </p>
        )}
        {cep.state === 'unavailable' && (
          <p role="status" className="alert alert-info alert-soft mt-2 px-3 py-2 text-sm">
            {t('errors.POSTAL_CODE_LOOKUP_FAILED')}
          </p>
        )}
      </div>
      <div className="md:col-span-4">
        <TextField
          label={t('customers.fields.address')}
          autoComplete="address-line1"
          error={errors.address}
          {...register('address')}
        />
      </div>
      <div className="md:col-span-2">
        <TextField label={t('customers.fields.number')} error={errors.number} {...register('number')} />
      </div>
      <div className="md:col-span-4">
        <TextField
          label={t('customers.fields.apartment')}
          autoComplete="address-line2"
          error={errors.apartment}
          {...register('apartment')}
        />
      </div>
      <div className="md:col-span-2">
        <TextField
          label={t('customers.fields.neighborhood')}
          error={errors.neighborhood}
          {...register('neighborhood')}
        />
      </div>
      <div className="md:col-span-3">
        <TextField
          label={t('customers.fields.city')}
          autoComplete="address-level2"
          error={errors.city}
          {...register('city')}
        />
      </div>
      <div className="md:col-span-1">
        <TextField
          label={t('customers.fields.state')}
          autoComplete="address-level1"
          error={errors.state}
          {...register('state')}
        />
      </div>
    </div>
  );
}
