import {
  CLASS_REMINDER_HOURS,
  type ClassNoticeSettings,
  ClassNoticeSettingsInput,
  type ClassNoticeSettingsValues,
} from '@reformer/domain/events-class-notices';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field.tsx';
import { applyServerFieldErrors, domainResolver } from '@/lib/forms.ts';
import { classNoticeSettingsQueryOptions } from '../api/get-class-notice-settings.ts';
import { useUpdateClassNoticeSettings } from '../api/update-class-notice-settings.ts';
import { ChannelCheckboxes, channelsError } from './event-config-form.tsx';

type FormValues = {
  reminderHours: number;
  reminderChannels: string[];
  changeNoticeEnabled: boolean;
  changeChannels: string[];
};
const FIELDS = ['reminderHours', 'reminderChannels', 'changeNoticeEnabled', 'changeChannels'] as const;

type PanelProps = { organizationId: string; canManage: boolean };

export function ClassNoticeSettingsPanel({ organizationId, canManage }: PanelProps) {
  const { t } = useTranslation();
  const { data: settings } = useSuspenseQuery(classNoticeSettingsQueryOptions(organizationId));
  const headingId = useId();
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby={headingId}>
      <div className="card-body gap-3">
        <h3 id={headingId} className="card-title text-lg">
          {t('events.classNotices.configTitle')}
        </h3>
        {!settings.savedAt && (
          <p className="text-sm text-base-content/70">{t('events.classNotices.notSaved')}</p>
        )}
        {!canManage && (
          <p role="note" className="alert alert-info">
            {t('events.classNotices.readOnly')}
          </p>
        )}
        <SettingsForm
          key={settings.savedAt ?? 'unsaved'}
          organizationId={organizationId}
          settings={settings}
          isReadOnly={!canManage}
        />
      </div>
    </section>
  );
}

function SettingsForm({
  organizationId,
  settings,
  isReadOnly,
}: {
  organizationId: string;
  settings: ClassNoticeSettings;
  isReadOnly: boolean;
}) {
  const { t } = useTranslation();
  const save = useUpdateClassNoticeSettings(organizationId);
  const { register, handleSubmit, formState, setError } = useForm<
    FormValues,
    unknown,
    ClassNoticeSettingsValues
  >({
    resolver: domainResolver(ClassNoticeSettingsInput as never),
    defaultValues: {
      reminderHours: settings.reminderHours,
      reminderChannels: settings.reminderChannels,
      changeNoticeEnabled: settings.changeNoticeEnabled,
      changeChannels: settings.changeChannels,
    },
  });
  const { errors } = formState;
  const submit = handleSubmit(async (values) => {
    await save.mutateAsync(values).catch((error: unknown) => applyServerFieldErrors(error, setError, FIELDS));
  });
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <fieldset className="flex flex-col gap-3" disabled={isReadOnly}>
        <legend className="mb-1 font-semibold">{t('events.classNotices.reminderTitle')}</legend>
        <TextField
          label={t('events.classNotices.reminderHours')}
          type="number"
          inputMode="numeric"
          min={CLASS_REMINDER_HOURS.min}
          max={CLASS_REMINDER_HOURS.max}
          error={errors.reminderHours}
          {...register('reminderHours', { valueAsNumber: true })}
        />
        <p className="text-xs text-base-content/70">{t('events.classNotices.reminderHoursHint')}</p>
        <ChannelCheckboxes
          legend={t('events.classNotices.reminderChannels')}
          register={register('reminderChannels')}
          error={channelsError(errors.reminderChannels)}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-3" disabled={isReadOnly}>
        <legend className="mb-1 font-semibold">{t('events.classNotices.changeTitle')}</legend>
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="toggle toggle-primary mt-0.5"
            {...register('changeNoticeEnabled')}
          />
          <span>
            <span className="block font-medium">{t('events.classNotices.changeEnabled')}</span>
            <span className="block text-xs text-base-content/70">
              {t('events.classNotices.changeEnabledHint')}
            </span>
          </span>
        </label>
        <ChannelCheckboxes
          legend={t('events.classNotices.changeChannels')}
          register={register('changeChannels')}
          error={channelsError(errors.changeChannels)}
        />
      </fieldset>
      {!isReadOnly && (
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      )}
    </form>
  );
}
