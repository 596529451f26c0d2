import {
  PSP_ENVIRONMENTS,
  PSP_LIMITS,
  PSP_PRESETS,
  PSP_SCOPES,
  type PspConnection,
  PspConnectionInput,
  type PspConnectionValues,
  type PspEnvironment,
  type PspPresetId,
  presetDetails,
  presetEndpoints,
} from '@reformer/domain/pix-psp';
import { useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import { useSavePixPsp } from '../api/save-pix-psp.ts';
import { CertificateField } from './certificate-field.tsx';
import { PspTermsFields } from './psp-terms-fields.tsx';
import { ReceiverAccountFields } from './receiver-account-fields.tsx';

export type PspFormValues = PspConnectionInput;

const FIELDS = [
  'baseUrl',
  'tokenUrl',
  'scopes',
  'clientId',
  'clientSecret',
  'certificate',
  'pixKey',
  'chargeDaysAhead',
  'finePercent',
  'interestPercentMonthly',
  'discount.percent',
  'discount.daysBefore',
  'receiver.cnpj',
  'receiver.branch',
  'receiver.account',
  'receiver.accountType',
] as const;

function toForm(connection: PspConnection | null): PspFormValues {
  if (!connection) {
    const endpoints = presetEndpoints('EFI', 'PRODUCTION');
    return {
      preset: 'EFI',
      environment: 'PRODUCTION',
      baseUrl: endpoints?.baseUrl ?? '',
      tokenUrl: endpoints?.tokenUrl ?? '',
      scopes: PSP_SCOPES,
      clientId: '',
      clientSecret: '',
      extras: {},
      pixKey: '',
      chargeDaysAhead: 5,
      finePercent: 2,
      interestPercentMonthly: 1,
      discount: null,
      receiver: null,
    };
  }
  const {
    clientSecret: _set,
    certificate: _certificate,
    webhookSecretRotatedAt: _at,
    updatedAt: _u,
    ...rest
  } = connection;
  const receiver = rest.receiver && { ...rest.receiver, branch: rest.receiver.branch ?? '' };
  return { ...rest, clientSecret: '', receiver };
}

type Props = { organizationId: string; connection: PspConnection | null; isReadOnly: boolean };

/** The connection's fields: the preset fills the URLs and scopes; secrets left empty keep the stored ones. */
export function PixPspForm({ organizationId, connection, isReadOnly }: Props) {
  const { t } = useTranslation();
  const save = useSavePixPsp(organizationId);
  const [certificatePassword, setCertificatePassword] = useState('');
  const form = useForm<PspFormValues, unknown, PspConnectionValues>({
    resolver: domainResolver(PspConnectionInput),
    defaultValues: toForm(connection),
  });
  const { register, handleSubmit, formState, setError, setValue, watch } = form;
  const { errors } = formState;
  const preset = watch('preset');
  const details = presetDetails(preset);

  const fillEndpoints = (nextPreset: PspPresetId, environment: PspEnvironment) => {
    const endpoints = presetEndpoints(nextPreset, environment);
    if (!endpoints) return;
    setValue('baseUrl', endpoints.baseUrl);
    setValue('tokenUrl', endpoints.tokenUrl);
    setValue('scopes', presetDetails(nextPreset).scopes);
    setValue('extras', {});
  };

  const submit = handleSubmit(async (values) => {
    const certificate = values.certificate && {
      ...values.certificate,
      password: certificatePassword || undefined,
    };
    await save.mutateAsync({ ...values, certificate }).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'PSP_CERTIFICATE_INVALID') {
        const reason = (error.details as { reason?: string } | undefined)?.reason ?? 'UNREADABLE';
        setError('certificate', { type: 'server', message: `pixPsp.certificateProblems.${reason}` });
      } else applyServerFieldErrors(error, setError, FIELDS);
    });
  });

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <fieldset className="flex flex-col gap-3" disabled={isReadOnly}>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t('pixPsp.fields.preset')}
            options={PSP_PRESETS.map((value) => ({ value, label: t(`pixPsp.presets.${value}`) }))}
            {...register('preset', {
              onChange: (event) => fillEndpoints(event.target.value as PspPresetId, watch('environment')),
            })}
          />
          <SelectField
            label={t('pixPsp.fields.environment')}
            options={PSP_ENVIRONMENTS.map((value) => ({ value, label: t(`pixPsp.environments.${value}`) }))}
            {...register('environment', {
              onChange: (event) => fillEndpoints(preset, event.target.value as PspEnvironment),
            })}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('pixPsp.fields.baseUrl')}
            type="url"
            error={errors.baseUrl}
            {...register('baseUrl')}
          />
          <TextField
            label={t('pixPsp.fields.tokenUrl')}
            type="url"
            error={errors.tokenUrl}
            {...register('tokenUrl')}
          />
        </div>
        <TextField
          label={t('pixPsp.fields.scopes')}
          hint={t('pixPsp.fields.scopesHint')}
          error={errors.scopes}
          {...register('scopes')}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('pixPsp.fields.clientId')}
            autoComplete="off"
            error={errors.clientId}
            {...register('clientId')}
          />
          {details.hasClientSecret && (
            <TextField
              label={t('pixPsp.fields.clientSecret')}
              hint={connection?.clientSecret.isSet ? t('pixPsp.fields.secretKeepHint') : undefined}
              type="password"
              autoComplete="new-password"
              error={errors.clientSecret}
              {...register('clientSecret')}
            />
          )}
        </div>
        {details.extras.map((extra) => (
          <TextField
            key={extra.key}
            label={`${t(`pixPsp.extras.${extra.key}`)}${extra.isRequired ? '' : ` (${t('common.optional')})`}`}
            error={errors.extras?.[extra.key]}
            {...register(`extras.${extra.key}`)}
          />
        ))}
        <CertificateField
          isStored={connection !== null}
          error={errors.certificate as FieldError | undefined}
          password={certificatePassword}
          onPasswordChange={setCertificatePassword}
          onChange={(certificate) => setValue('certificate', certificate, { shouldValidate: false })}
        />
        <PspTermsFields form={form} limits={PSP_LIMITS} />
        <ReceiverAccountFields form={form} />
      </fieldset>
      {!isReadOnly && (
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : connection ? t('common.save') : t('pixPsp.connect')}
          </button>
        </div>
      )}
    </form>
  );
}
