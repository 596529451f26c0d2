import {
  CREDIT_VALIDITIES,
  MAKE_UP_LIMITS,
  MakeUpCreditSettings,
  PORTAL_MAKE_UP_SCOPES,
} from '@reformer/domain/make-up-credits';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import { makeUpCreditSettingsQueryOptions } from '../api/get-make-up-credit-settings.ts';
import { useUpdateMakeUpCreditSettings } from '../api/update-make-up-credit-settings.ts';
import { NoCreditDatesSection } from './no-credit-dates-section.tsx';

const FIELDS = [
  'noticeHours',
  'monthlyLimit',
  'validity',
  'validityDays',
  'allowMakeUpOfMakeUp',
  'portalBookingHours',
  'portalMakeUpScope',
] as const;

type Props = { organizationId: string; establishments: { id: string; name: string }[] };

/**
 * Settings → Make-up credits: the rules of the studio's contract and each establishment's dates with no
 * credit. Every member sees them; only MANAGE_SETTINGS changes them.
 */
export function MakeUpCreditSettingsPanel({ organizationId, establishments }: Props) {
  const { t } = useTranslation();
  const { data: settings } = useSuspenseQuery(makeUpCreditSettingsQueryOptions(organizationId));
  const canManage = usePermissions(organizationId).can('MANAGE_SETTINGS');
  return (
    <>
      <SettingsCard
        id="make-up-credits"
        title={t('makeUpCredits.settings.title')}
        description={t('makeUpCredits.settings.description')}
        readOnlyNote={canManage ? null : t('makeUpCredits.settings.readOnly')}
      >
        <SettingsForm
          key={JSON.stringify(settings)}
          organizationId={organizationId}
          defaultValues={settings}
          isReadOnly={!canManage}
        />
      </SettingsCard>
      <NoCreditDatesSection
        organizationId={organizationId}
        establishments={establishments}
        canManage={canManage}
      />
    </>
  );
}

type FormProps = { organizationId: string; defaultValues: MakeUpCreditSettings; isReadOnly: boolean };

function SettingsForm({ organizationId, defaultValues, isReadOnly }: FormProps) {
  const { t } = useTranslation();
  const update = useUpdateMakeUpCreditSettings(organizationId);
  const { register, handleSubmit, formState, setError, watch } = useForm<
    MakeUpCreditSettings,
    unknown,
    MakeUpCreditSettings
  >({ resolver: domainResolver(MakeUpCreditSettings), defaultValues });
  const { errors } = formState;
  const inDays = watch('validity') === 'DAYS';
  const submit = handleSubmit(async (values) => {
    await update
      .mutateAsync(values)
      .catch((error: unknown) => applyServerFieldErrors(error, setError, FIELDS));
  });
  const whole = (range: { min: number; max: number }) => ({
    type: 'number',
    inputMode: 'numeric' as const,
    min: range.min,
    max: range.max,
    step: 1,
  });
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <fieldset className="flex flex-col gap-3" disabled={isReadOnly}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            {...whole(MAKE_UP_LIMITS.noticeHours)}
            label={t('makeUpCredits.settings.noticeHours')}
            hint={t('makeUpCredits.settings.noticeHoursHint')}
            error={errors.noticeHours}
            {...register('noticeHours', { valueAsNumber: true })}
          />
          <TextField
            {...whole(MAKE_UP_LIMITS.monthlyLimit)}
            label={t('makeUpCredits.settings.monthlyLimit')}
            hint={t('makeUpCredits.settings.monthlyLimitHint')}
            error={errors.monthlyLimit}
            {...register('monthlyLimit', { valueAsNumber: true })}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label={t('makeUpCredits.settings.validity')}
            options={CREDIT_VALIDITIES.map((validity) => ({
              value: validity,
              label: t(`makeUpCredits.settings.validities.${validity}`),
            }))}
            error={errors.validity}
            {...register('validity')}
          />
          {inDays && (
            <TextField
              {...whole(MAKE_UP_LIMITS.validityDays)}
              label={t('makeUpCredits.settings.validityDays')}
              hint={t('makeUpCredits.settings.validityDaysHint')}
              error={errors.validityDays}
              {...register('validityDays', { valueAsNumber: true })}
            />
          )}
        </div>
        <label className="flex cursor-pointer items-center gap-2">
          <input type="checkbox" className="toggle toggle-success" {...register('allowMakeUpOfMakeUp')} />
          {t('makeUpCredits.settings.allowMakeUpOfMakeUp')}
        </label>
        <h3 className="font-semibold">{t('makeUpCredits.settings.portalTitle')}</h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            {...whole(MAKE_UP_LIMITS.portalBookingHours)}
            label={t('makeUpCredits.settings.portalBookingHours')}
            hint={t('makeUpCredits.settings.portalBookingHoursHint')}
            error={errors.portalBookingHours}
            {...register('portalBookingHours', { valueAsNumber: true })}
          />
          <SelectField
            label={t('makeUpCredits.settings.portalMakeUpScope')}
            options={PORTAL_MAKE_UP_SCOPES.map((scope) => ({
              value: scope,
              label: t(`makeUpCredits.settings.portalMakeUpScopes.${scope}`),
            }))}
            error={errors.portalMakeUpScope}
            {...register('portalMakeUpScope')}
          />
        </div>
        <p className="text-sm text-base-content/70">{t('makeUpCredits.settings.portalMakeUpScopeHint')}</p>
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
