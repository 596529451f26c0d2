import { type ComponentProps, useMemo } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field.tsx';
import { useLocaleTag } from '@/lib/format.ts';
import { timeZoneOptions } from './time-zone-options.ts';

type TimeZoneFieldProps = ComponentProps<'select'> & {
  /** The zone saved now, offered even if this browser does not list it. */
  current: string;
  error?: FieldError | undefined;
};

/** The organization's time zone: where its classes happen, whatever the zone of each device. */
export function TimeZoneField({ current, error, className, ...selectProps }: TimeZoneFieldProps) {
  const { t } = useTranslation();
  const locale = useLocaleTag();
  const { brazil, others } = useMemo(() => timeZoneOptions(locale, current), [locale, current]);
  return (
    <FormField
      label={t('organizations.fields.timeZone')}
      hint={t('organizations.fields.timeZoneHint')}
      error={error}
    >
      {(control, isInvalid) => (
        <select
          {...control}
          className={`select w-full ${isInvalid ? 'select-error' : ''} ${className ?? ''}`}
          {...selectProps}
        >
          <optgroup label={t('organizations.fields.timeZoneBrazil')}>
            {brazil.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('organizations.fields.timeZoneOthers')}>
            {others.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </optgroup>
        </select>
      )}
    </FormField>
  );
}
