import { LANGUAGES } from '@reformer/domain/preferences';
import {
  WAITLIST_HOLD_MINUTES,
  type WaitlistSettings,
  WaitlistSettingsInput,
} from '@reformer/domain/waitlist';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import { waitlistSettingsQueryOptions } from '../api/get-waitlist-settings.ts';
import { useUpdateWaitlistSettings } from '../api/update-waitlist-settings.ts';

const FIELDS = ['holdMinutes', 'messageLanguage'] as const;

/** Settings → Make-up credits, below the make-up rules: how long an offered seat is held. */
export function WaitlistSettingsPanel({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data: settings } = useSuspenseQuery(waitlistSettingsQueryOptions(organizationId));
  const canManage = usePermissions(organizationId).can('MANAGE_SETTINGS');
  return (
    <SettingsCard
      id="waitlist"
      title={t('waitlist.settings.title')}
      description={t('waitlist.settings.description')}
      readOnlyNote={canManage ? null : t('waitlist.settings.readOnly')}
    >
      <SettingsForm
        key={JSON.stringify(settings)}
        organizationId={organizationId}
        defaultValues={settings}
        isReadOnly={!canManage}
      />
    </SettingsCard>
  );
}

type FormProps = { organizationId: string; defaultValues: WaitlistSettings; isReadOnly: boolean };

function SettingsForm({ organizationId, defaultValues, isReadOnly }: FormProps) {
  const { t } = useTranslation();
  const update = useUpdateWaitlistSettings(organizationId);
  const { register, handleSubmit, formState, setError } = useForm<
    WaitlistSettings,
    unknown,
    WaitlistSettings
  >({
    resolver: domainResolver(WaitlistSettingsInput),
    defaultValues,
  });
  const submit = handleSubmit(async (values) => {
    await update
      .mutateAsync(values)
      .catch((error: unknown) => applyServerFieldErrors(error, setError, FIELDS));
  });
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <fieldset className="grid gap-3 sm:grid-cols-2" disabled={isReadOnly}>
        <TextField
          type="number"
          inputMode="numeric"
          min={WAITLIST_HOLD_MINUTES.min}
          max={WAITLIST_HOLD_MINUTES.max}
          step={1}
          label={t('waitlist.settings.holdMinutes')}
          hint={t('waitlist.settings.holdMinutesHint')}
          error={formState.errors.holdMinutes}
          {...register('holdMinutes', { valueAsNumber: true })}
        />
        <SelectField
          label={t('waitlist.settings.messageLanguage')}
          options={LANGUAGES.map((language) => ({
            value: language,
            label: t(`preferences.languages.${language}`),
          }))}
          error={formState.errors.messageLanguage}
          {...register('messageLanguage')}
        />
      </fieldset>
      {!isReadOnly && (
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      )}
    </form>
  );
}
