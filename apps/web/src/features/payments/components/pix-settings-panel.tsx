import { type PixSettings, PixSettingsInput, type PixSettingsValues } from '@reformer/domain/pix';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import { pixSettingsQueryOptions } from '../api/get-pix-settings.ts';
import { useUpdatePixSettings } from '../api/update-pix-settings.ts';

/** What the inputs hold: text, '' for a value not set. */
type PixSettingsFormValues = PixSettingsInput;

const FIELDS = ['pixKey', 'pixMerchantName', 'pixMerchantCity'] as const;

function toForm(settings: PixSettings): PixSettingsFormValues {
  return {
    pixKey: settings.pixKey ?? '',
    pixMerchantName: settings.pixMerchantName ?? '',
    pixMerchantCity: settings.pixMerchantCity ?? '',
  };
}

/**
 * Settings → Payments: the PIX key customers pay to and the merchant name and city their bank app shows,
 * validated by the shared PixSettingsInput. Read-only without MANAGE_SETTINGS.
 */
export function PixSettingsPanel({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data: settings } = useSuspenseQuery(pixSettingsQueryOptions(organizationId));
  const canManage = usePermissions(organizationId).can('MANAGE_SETTINGS');
  return (
    <SettingsCard
      id="pix"
      title={t('payments.pixSettings.title')}
      description={t('payments.pixSettings.description')}
      readOnlyNote={canManage ? null : t('payments.pixSettings.readOnly')}
    >
      <PixSettingsForm
        key={JSON.stringify(settings)}
        organizationId={organizationId}
        defaultValues={toForm(settings)}
        isReadOnly={!canManage}
      />
    </SettingsCard>
  );
}

function PixSettingsForm({
  organizationId,
  defaultValues,
  isReadOnly,
}: {
  organizationId: string;
  defaultValues: PixSettingsFormValues;
  isReadOnly: boolean;
}) {
  const { t } = useTranslation();
  const updatePixSettings = useUpdatePixSettings(organizationId);
  const { register, handleSubmit, formState, setError } = useForm<
    PixSettingsFormValues,
    unknown,
    PixSettingsValues
  >({ resolver: domainResolver(PixSettingsInput), defaultValues });
  const { errors } = formState;
  const submit = handleSubmit(async (values) => {
    await updatePixSettings
      .mutateAsync(values)
      .catch((error: unknown) => applyServerFieldErrors(error, setError, FIELDS));
  });
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <fieldset className="flex flex-col gap-3" disabled={isReadOnly}>
        <TextField
          label={t('payments.pixSettings.key')}
          hint={t('payments.pixSettings.keyHint')}
          autoComplete="off"
          maxLength={77}
          error={errors.pixKey}
          {...register('pixKey')}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={`${t('payments.pixSettings.merchantName')} (${t('common.optional')})`}
            hint={t('payments.pixSettings.merchantNameHint')}
            maxLength={25}
            error={errors.pixMerchantName}
            {...register('pixMerchantName')}
          />
          <TextField
            label={`${t('payments.pixSettings.merchantCity')} (${t('common.optional')})`}
            hint={t('payments.pixSettings.merchantCityHint')}
            maxLength={15}
            error={errors.pixMerchantCity}
            {...register('pixMerchantCity')}
          />
        </div>
      </fieldset>
      {!isReadOnly && (
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={updatePixSettings.isPending}>
            {updatePixSettings.isPending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      )}
    </form>
  );
}
