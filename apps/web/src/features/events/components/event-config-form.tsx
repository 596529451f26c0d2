import {
  BirthdayConfigInput,
  EVENT_CHANNELS,
  type EventConfig,
  type EventKind,
  PaymentReminderConfigInput,
} from '@reformer/domain/events';
import { EVENT_TIMINGS } from '@reformer/domain/events-occasions';
import {
  BIRTHDAY_PLACEHOLDERS,
  PAYMENT_REMINDER_PLACEHOLDERS,
  paymentReminderValues,
  renderTemplate,
  type TemplateValues,
} from '@reformer/domain/events-templates';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, type FieldError, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field.tsx';
import { TextField } from '@/components/form/text-field.tsx';
import { TextareaField } from '@/components/form/textarea-field.tsx';
import { TimeField } from '@/components/form/time-field.tsx';
import { applyServerFieldErrors, domainResolver, fieldErrorText } from '@/lib/forms.ts';
import { eventConfigQueryOptions } from '../api/get-event-config.ts';
import { type EventConfigValues, useUpdateEventConfig } from '../api/update-event-config.ts';

/** What the inputs hold. */
type ConfigFormValues = {
  enabled: boolean;
  timing: string;
  days: number;
  sendTime: string;
  channels: string[];
  template: string;
  overdueTemplate?: string;
};

const FIELDS = ['enabled', 'timing', 'days', 'sendTime', 'channels', 'template', 'overdueTemplate'] as const;
const AREA = { BIRTHDAY: 'birthdays', PAYMENT_REMINDER: 'paymentReminders' } as const;

type EventConfigPanelProps = { organizationId: string; kind: EventKind; canManage: boolean };

/**
 * A kind's configuration (spec §3): enabled, timing, channels and the template(s), with a live preview of
 * the message for a sample customer. Never saved yet: the default text in the user's language.
 */
export function EventConfigPanel({ organizationId, kind, canManage }: EventConfigPanelProps) {
  const { t } = useTranslation();
  const { data: config } = useSuspenseQuery(eventConfigQueryOptions(organizationId, kind));
  const headingId = useId();
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby={headingId}>
      <div className="card-body gap-3">
        <h3 id={headingId} className="card-title text-lg">
          {t(`events.${AREA[kind]}.configTitle`)}
        </h3>
        {!config.savedAt && <p className="text-sm text-base-content/70">{t('events.config.notSaved')}</p>}
        {!canManage && (
          <p role="note" className="alert alert-info">
            {t('events.config.readOnly')}
          </p>
        )}
        <EventConfigForm
          key={config.savedAt ?? 'unsaved'}
          organizationId={organizationId}
          kind={kind}
          config={config}
          isReadOnly={!canManage}
        />
      </div>
    </section>
  );
}

function useDefaults(kind: EventKind, config: EventConfig): ConfigFormValues {
  const { t } = useTranslation();
  const area = AREA[kind];
  const values: ConfigFormValues = {
    enabled: config.enabled,
    timing: config.timing,
    days: config.days,
    sendTime: config.sendTime,
    channels: config.channels,
    template: config.savedAt ? config.template : t(`events.${area}.defaultTemplate`),
  };
  if (kind === 'PAYMENT_REMINDER')
    values.overdueTemplate = config.savedAt
      ? (config.overdueTemplate ?? '')
      : t('events.paymentReminders.defaultOverdueTemplate');
  return values;
}

function EventConfigForm({
  organizationId,
  kind,
  config,
  isReadOnly,
}: {
  organizationId: string;
  kind: EventKind;
  config: EventConfig;
  isReadOnly: boolean;
}) {
  const { t } = useTranslation();
  const save = useUpdateEventConfig(organizationId, kind);
  const schema = kind === 'BIRTHDAY' ? BirthdayConfigInput : PaymentReminderConfigInput;
  const { register, handleSubmit, formState, setError, watch, control } = useForm<
    ConfigFormValues,
    unknown,
    EventConfigValues
  >({
    resolver: domainResolver(schema as never),
    defaultValues: useDefaults(kind, config),
  });
  const { errors } = formState;
  const area = AREA[kind];
  const timing = watch('timing');
  const placeholders = (kind === 'BIRTHDAY' ? BIRTHDAY_PLACEHOLDERS : PAYMENT_REMINDER_PLACEHOLDERS)
    .map((name) => `{${name}}`)
    .join(' ');
  const preview = previewValues(kind, {
    customerName: t('events.config.sampleCustomer'),
    planName: t('events.config.samplePlan'),
  });
  const submit = handleSubmit(async (values) => {
    await save.mutateAsync(values).catch((error: unknown) => applyServerFieldErrors(error, setError, FIELDS));
  });

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <fieldset className="flex flex-col gap-3" disabled={isReadOnly}>
        <label className="flex cursor-pointer items-start gap-3">
          <input type="checkbox" className="toggle toggle-primary mt-0.5" {...register('enabled')} />
          <span>
            <span className="block font-medium">{t('events.config.enabled')}</span>
            <span className="block text-xs text-base-content/70">{t('events.config.enabledHint')}</span>
          </span>
        </label>
        <div className="grid gap-3 sm:grid-cols-3 xl:grid-cols-1 2xl:grid-cols-3">
          <SelectField
            label={t('events.config.timing')}
            options={EVENT_TIMINGS.map((value) => ({ value, label: t(`events.${area}.timings.${value}`) }))}
            error={errors.timing}
            {...register('timing')}
          />
          <TextField
            label={t('events.config.days')}
            type="number"
            inputMode="numeric"
            min={timing === 'ON_DAY' ? 0 : 1}
            max={30}
            readOnly={timing === 'ON_DAY'}
            error={errors.days}
            {...register('days', { valueAsNumber: true })}
          />
          <Controller
            control={control}
            name="sendTime"
            render={({ field }) => (
              <TimeField label={t('events.config.sendTime')} error={errors.sendTime} {...field} />
            )}
          />
        </div>
        <ChannelCheckboxes register={register('channels')} error={channelsError(errors.channels)} />
        <TemplateField
          label={t('events.config.template')}
          hint={t('events.config.placeholders', { list: placeholders })}
          error={errors.template}
          register={register('template')}
          preview={preview}
          text={watch('template')}
        />
        {kind === 'PAYMENT_REMINDER' && (
          <TemplateField
            label={t('events.config.overdueTemplate')}
            hint={t('events.config.placeholders', { list: placeholders })}
            error={errors.overdueTemplate}
            register={register('overdueTemplate')}
            preview={preview}
            text={watch('overdueTemplate') ?? ''}
          />
        )}
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

/** The channel boxes of a form; `legend` names them when a form has more than one set. */
export function ChannelCheckboxes({
  register,
  error,
  legend,
}: {
  register: UseFormRegisterReturn;
  error: FieldError | undefined;
  legend?: string;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const message = fieldErrorText(error);
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={message ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend ?? t('events.config.channels')}</legend>
      <div className="flex flex-wrap gap-4">
        {EVENT_CHANNELS.map((channel) => (
          <label key={channel} className="flex cursor-pointer items-center gap-2">
            <input type="checkbox" className="checkbox checkbox-sm" value={channel} {...register} />
            <span>{t(`events.channels.${channel}`)}</span>
          </label>
        ))}
      </div>
      {message && (
        <p id={errorId} className="border-l-2 border-error pl-2 text-sm font-medium">
          {message}
        </p>
      )}
    </fieldset>
  );
}

/** An array field's own error (at least one channel), not its items'. */
export function channelsError(
  error: { message?: string; type?: string } | undefined,
): FieldError | undefined {
  return error?.message ? { type: error.type ?? 'custom', message: error.message } : undefined;
}

/** A sample customer (and, for reminders, a payment due next week) for the preview. */
function previewValues(kind: EventKind, sample: { customerName: string; planName: string }): TemplateValues {
  const { customerName } = sample;
  if (kind === 'BIRTHDAY') return { customerName };
  const dueDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  return paymentReminderValues({
    customerName,
    planName: sample.planName,
    amountCents: 34_900,
    currency: 'BRL',
    dueDate,
  });
}

function TemplateField({
  label,
  hint,
  error,
  register,
  preview,
  text,
}: {
  label: string;
  hint: string;
  error: FieldError | undefined;
  register: UseFormRegisterReturn;
  preview: TemplateValues;
  text: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <TextareaField label={label} rows={4} maxLength={1000} error={error} {...register} />
      <p className="text-xs text-base-content/70">{hint}</p>
      <div className="rounded-box bg-base-200 p-3" aria-live="polite">
        <p className="text-xs font-medium text-base-content/70">
          {t('events.config.previewOf', { name: preview.customerName ?? '' })}
        </p>
        <p className="whitespace-pre-wrap break-words">{renderTemplate(text, preview)}</p>
      </div>
    </div>
  );
}
