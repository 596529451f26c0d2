import type { RecordFlag } from '@reformer/domain/medical-records-flags';
import { useId } from 'react';
import { Controller, type FieldError, get, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/form/date-field.tsx';
import { FormField } from '@/components/form/form-field.tsx';
import { useFormatNumber } from '@/lib/format.ts';
import { fieldErrorText } from '@/lib/forms.ts';
import { hintOf, type RecordField, unitOf } from '../record-fields.ts';
import { RecordFlagBadges } from './record-flag-badges.tsx';
import type { RecordForm } from './record-form-values.ts';

type RecordFieldInputProps = {
  form: RecordForm;
  field: RecordField;
  /** Thresholds this field's value is past, as typed. */
  flags: RecordFlag[];
  /** The value of a computed field (the BMI), shown and never typed. */
  computed?: number | null;
};

type Name = `document.${string}`;

/** One field of a clinical form, drawn by its kind. */
export function RecordFieldInput({ form, field, flags, computed }: RecordFieldInputProps) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const name: Name = `document.${field.path}`;
  const error = get(form.formState.errors, name) as FieldError | undefined;
  const label = t(field.labelKey as never);
  const hint = hintOf(field);
  const hintText = hint ? t(`medicalRecords.hints.${hint.key}` as never, hint.params) : undefined;
  if (field.kind === 'multiChoice') {
    return <MultiChoice form={form} field={field} name={name} label={label} hint={hintText} flags={flags} />;
  }
  if (field.kind === 'yesNo') {
    return (
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="checkbox checkbox-sm" {...form.register(name)} />
        {label}
      </label>
    );
  }
  if (field.kind === 'date') {
    return (
      <div className="flex flex-col gap-1">
        <Controller
          control={form.control}
          name={name}
          render={({ field: control }) => (
            <DateField
              label={label}
              error={error}
              hint={hintText}
              {...control}
              value={control.value as string | null}
            />
          )}
        />
        <RecordFlagBadges flags={flags} />
      </div>
    );
  }
  const unit = unitOf(field.path);
  return (
    <div className="flex flex-col gap-1">
      <FormField label={label} error={error} hint={hintText}>
        {(control, isInvalid) => {
          if (field.kind === 'computed') {
            return (
              <output {...control} className="input w-full bg-base-200" aria-live="polite">
                {computed == null ? '—' : formatNumber(computed)}
                {unit && (
                  <span className="text-base-content/70">{t(`medicalRecords.units.${unit}` as never)}</span>
                )}
              </output>
            );
          }
          if (field.kind === 'singleChoice') {
            return (
              <select
                {...control}
                className={`select w-full ${isInvalid ? 'select-error' : ''}`}
                {...form.register(name, {
                  setValueAs: (value: string) => value || (field.isRequired ? undefined : null),
                })}
              >
                <option value="">{t('medicalRecords.notAnswered')}</option>
                {field.options.map((code) => (
                  <option key={code} value={code}>
                    {t(`medicalRecords.options.${code}` as never)}
                  </option>
                ))}
              </select>
            );
          }
          if (field.kind === 'number') {
            return (
              <label className={`input w-full ${isInvalid ? 'input-error' : ''}`}>
                <input
                  {...control}
                  type="number"
                  inputMode={field.isInteger ? 'numeric' : 'decimal'}
                  min={field.min}
                  max={field.max}
                  step={field.isInteger ? 1 : 'any'}
                  {...form.register(name, {
                    setValueAs: (value: unknown) =>
                      value === '' || value === null || value === undefined ? null : Number(value),
                  })}
                />
                {unit && (
                  <span className="text-base-content/70">{t(`medicalRecords.units.${unit}` as never)}</span>
                )}
              </label>
            );
          }
          return (
            <textarea
              {...control}
              rows={(field.maxLength ?? 0) > 200 ? 3 : 1}
              maxLength={field.maxLength}
              className={`textarea w-full ${isInvalid ? 'textarea-error' : ''}`}
              {...form.register(name)}
            />
          );
        }}
      </FormField>
      <RecordFlagBadges flags={flags} />
    </div>
  );
}

type MultiChoiceProps = {
  form: RecordForm;
  field: RecordField;
  name: Name;
  label: string;
  hint: string | undefined;
  flags: RecordFlag[];
};

/** A fieldset of checkboxes; the value is the list of ticked codes. */
function MultiChoice({ form, field, name, label, hint, flags }: MultiChoiceProps) {
  const { t } = useTranslation();
  const id = useId();
  const { field: control, fieldState } = useController({ control: form.control, name });
  const chosen = (control.value as string[] | undefined) ?? [];
  const message = fieldErrorText(fieldState.error);
  const toggle = (code: string, isChecked: boolean) =>
    control.onChange(isChecked ? [...chosen, code] : chosen.filter((value) => value !== code));
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-1"
      aria-describedby={
        [hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ') || undefined
      }
    >
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {field.options.map((code) => (
          <label key={code} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm mt-0.5"
              checked={chosen.includes(code)}
              onChange={(event) => toggle(code, event.target.checked)}
              onBlur={control.onBlur}
            />
            <span>{t(`medicalRecords.options.${code}` as never)}</span>
          </label>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="border-l-2 border-error pl-2 text-sm font-medium">
          {message}
        </p>
      )}
      <RecordFlagBadges flags={flags} />
    </fieldset>
  );
}
