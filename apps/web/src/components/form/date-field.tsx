import { isCalendarDate } from '@reformer/domain/customers';
import { DATE_ENTRY } from '@reformer/domain/date-entry';
import { V } from '@reformer/domain/validation';
import { usePreferences } from '@/lib/preferences.tsx';
import { DatePicker } from './date-picker.tsx';
import { EntryField, type EntryFieldProps, type EntryKind } from './entry-field.tsx';

const DATE_KIND: EntryKind = {
  format: DATE_ENTRY,
  placeholderKey: 'forms.dateEntry.placeholder',
  inputMode: () => 'numeric',
  unreadable: { type: 'format', message: V.date },
};

type DateFieldProps = EntryFieldProps & {
  /** The first day the calendar lets be chosen. */
  min?: string | undefined;
};

/**
 * A calendar date "YYYY-MM-DD" typed as the app's language writes it (25/12/2026 in pt_BR, 12/25/2026 in
 * en_US), or chosen on its calendar.
 */
export function DateField({ min, ...props }: DateFieldProps) {
  const { language } = usePreferences();
  return (
    <EntryField
      kind={DATE_KIND}
      {...props}
      adornment={(entry) => (
        <DatePicker
          value={DATE_ENTRY.parse(entry.text, language)}
          min={min}
          isSmall={props.size === 'sm'}
          onPick={entry.choose}
        />
      )}
    />
  );
}

type DateFilterProps = {
  label: string;
  value: string | undefined;
  onChange: (date: string | undefined) => void;
  min?: string | undefined;
};

/**
 * A list's date filter: a whole date or none goes to the URL, while a date still being typed stays in the
 * field (where leaving it unfinished says so). Half a phone's width, so two sit side by side.
 */
export function DateFilter({ label, value, onChange, min }: DateFilterProps) {
  return (
    <div className="w-[calc(50%-0.375rem)] sm:w-44">
      <DateField
        size="sm"
        label={label}
        value={value}
        min={min}
        onChange={(next) => {
          if (next === '' || isCalendarDate(next)) onChange(next || undefined);
        }}
      />
    </div>
  );
}
