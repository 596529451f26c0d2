import { formatCep } from '@reformer/domain/customers';
import { formatPhone } from '@reformer/domain/phones';
import {
  PortalProfileInput,
  type PortalProfileValues,
  type PortalProfile as Profile,
} from '@reformer/domain/portal-profile';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, type Resolver, type ResolverOptions, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { CustomerAddressFields } from '@/features/customers/components/customer-address-fields.tsx';
import type { CustomerFormValues } from '@/features/customers/components/customer-form-values.ts';
import { ApiError } from '@/lib/api-error.ts';
import { describeError } from '@/lib/error-messages.ts';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import {
  lookupPostalCodeAsCustomer,
  portalProfileQueryOptions,
  useSaveProfile,
} from '../api/portal-profile-api.ts';

/** The inputs: the customer form's own, for the fields a customer changes (and the country their rules need). */
type ProfileFormValues = Pick<
  CustomerFormValues,
  | 'country'
  | 'email'
  | 'phone'
  | 'isWhatsapp'
  | 'zipCode'
  | 'address'
  | 'number'
  | 'apartment'
  | 'neighborhood'
  | 'city'
  | 'state'
  | 'emergencyContactName'
  | 'emergencyContactPhone'
>;

const PROFILE_FORM_FIELDS = [
  'email',
  'phone',
  'isWhatsapp',
  'zipCode',
  'address',
  'number',
  'apartment',
  'neighborhood',
  'city',
  'state',
  'emergencyContactName',
  'emergencyContactPhone',
] as const satisfies readonly (keyof ProfileFormValues)[];

/** Stored values shown the Brazilian way: phones as the country writes them, the CEP 00000-000. */
function profileToForm(profile: Profile): ProfileFormValues {
  return {
    country: profile.country,
    email: profile.email ?? '',
    phone: formatPhone(profile.phone, profile.country),
    isWhatsapp: profile.isWhatsapp,
    zipCode:
      profile.country === 'BR' && profile.zipCode ? formatCep(profile.zipCode) : (profile.zipCode ?? ''),
    address: profile.address ?? '',
    number: profile.number ?? '',
    apartment: profile.apartment ?? '',
    neighborhood: profile.neighborhood ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    emergencyContactName: profile.emergencyContactName ?? '',
    emergencyContactPhone: formatPhone(profile.emergencyContactPhone, profile.country),
  };
}

const domain = domainResolver(PortalProfileInput);

/** The shared PortalProfileInput schema (the customer form's rules) validates the inputs, as staff's form does. */
const resolver: Resolver<ProfileFormValues, unknown, PortalProfileValues> = (values, context, options) =>
  domain(values, context, options as unknown as ResolverOptions<PortalProfileInput>);

/** "Your details": the customer's contacts, address (the CEP fills it) and emergency contact (decision 046). */
export function PortalProfile() {
  const { t } = useTranslation();
  const profile = useQuery(portalProfileQueryOptions());
  return (
    <section aria-labelledby="portal-profile" id="portal-profile-section" className="flex flex-col gap-3">
      <h2 id="portal-profile" className="text-lg font-semibold">
        {t('portalProfile.title')}
      </h2>
      <p className="text-sm text-base-content/70">{t('portalProfile.intro')}</p>
      {profile.isPending && <Spinner label={t('portalProfile.loading')} />}
      {profile.error && (
        <p role="alert" className="alert alert-error">
          {describeError(profile.error, 'errors.network')}
        </p>
      )}
      {profile.data && <ProfileForm profile={profile.data} />}
    </section>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const form = useForm<ProfileFormValues, unknown, PortalProfileValues>({
    resolver,
    defaultValues: profileToForm(profile),
  });
  const { register, handleSubmit, formState, setError, reset } = form;
  const { errors } = formState;
  const submit = handleSubmit(async (values) => {
    try {
      reset(profileToForm(await save.mutateAsync(values)));
    } catch (error) {
      if (applyServerFieldErrors(error, setError, PROFILE_FORM_FIELDS)) return;
      if (error instanceof ApiError && error.code === 'CUSTOMER_EMAIL_TAKEN')
        setError('email', { type: 'server', message: 'errors.CUSTOMER_EMAIL_TAKEN' }, { shouldFocus: true });
    }
  });
  return (
    <FormProvider {...form}>
      <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
        <fieldset className="flex flex-col gap-3">
          <legend className="font-medium">{t('portalProfile.contact')}</legend>
          <TextField
            type="email"
            autoComplete="email"
            label={t('customers.fields.email')}
            error={errors.email}
            {...register('email')}
          />
          <TextField
            type="tel"
            autoComplete="tel"
            label={t('customers.fields.phone')}
            placeholder="(11) 91234-5678"
            error={errors.phone}
            {...register('phone')}
          />
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="checkbox" className="checkbox checkbox-sm" {...register('isWhatsapp')} />
            {t('customers.fields.isWhatsapp')}
          </label>
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="font-medium">{t('portalProfile.address')}</legend>
          <CustomerAddressFields lookupPostalCode={lookupPostalCodeAsCustomer} />
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="font-medium">{t('portalProfile.emergency')}</legend>
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
        </fieldset>
        {save.isSuccess && !formState.isDirty && (
          <p role="status" className="alert alert-success">
            {t('portalProfile.saved')}
          </p>
        )}
        {save.error && !(save.error instanceof ApiError && save.error.status === 400) && (
          <p role="alert" className="alert alert-error">
            {describeError(save.error, 'errors.network')}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('portalProfile.saving') : t('portalProfile.save')}
        </button>
      </form>
    </FormProvider>
  );
}
