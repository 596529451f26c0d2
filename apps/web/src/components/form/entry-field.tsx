import type { EntryFormat } from '@reformer/domain/date-entry';
import type { Language } from '@reformer/domain/preferences';
import type { HTMLAttributes, ReactNode, Ref } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '@/lib/preferences.tsx';
import { FormField } from './form-field.tsx';
import { type EntryText, useEntryText } from './use-entry-text.ts';

/** What a date or time field takes: a controlled value, as react-hook-form's `Controller` hands it. */
export type EntryFieldProps = {
  label: string;
  /** ISO ("2026-12-25", "19:00"); '' or null when empty; the typed text while it names nothing yet. */
  value: string | null | undefined;
  /** Gets ISO for a whole entry, '' for an empty one, and otherwise the text, for the form's schema to refuse. */
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  name?: string | undefined;
  ref?: Ref<HTMLInputElement> | undefined;
  error?: FieldError | undefined;
  hint?: string | undefined;
  isRequired?: boolean | undefined;
  /** A list filter's size. */
  size?: 'sm' | undefined;
  className?: string | undefined;
};

/** What makes a field a date or a time field. */
export type EntryKind = {
  format: EntryFormat;
  placeholderKey: 'forms.dateEntry.placeholder' | 'forms.timeEntry.placeholder';
  inputMode: (language: Language) => HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Shown when the user leaves text that names nothing and the form has no message of its own yet. */
  unreadable: FieldError;
};

type EntryFieldOwnProps = EntryFieldProps & {
  kind: EntryKind;
  /** Drawn inside the field, after the text: the date's calendar button. */
  adornment?: ((entry: EntryText) => ReactNode) | undefined;
};

/**
 * A labelled text field for a date or a time written as the app's language writes it, whatever the browser's
 * own locale (a native date or time input follows the browser's).
 */
export function EntryField({ kind, adornment, ...props }: EntryFieldOwnProps) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const { label, error, hint, isRequired, size, className, name, ref } = props;
  const entry = useEntryText({
    format: kind.format,
    language,
    value: props.value ?? '',
    onChange: props.onChange,
    onBlur: props.onBlur,
  });
  const isSmall = size === 'sm';
  return (
    <FormField
      label={label}
      error={error ?? (entry.isUnreadable ? kind.unreadable : undefined)}
      hint={hint}
      isRequired={isRequired}
      isCompact={isSmall}
    >
      {(control, isInvalid) => (
        <div
          className={`input w-full ${isSmall ? 'input-sm pe-1' : 'pe-1.5'} ${isInvalid ? 'input-error' : ''} ${className ?? ''}`}
        >
          <input
            {...control}
            ref={(node) => {
              entry.inputRef.current = node;
              if (typeof ref === 'function') return ref(node);
              if (ref) ref.current = node;
            }}
            name={name}
            type="text"
            inputMode={kind.inputMode(language)}
            autoComplete="off"
            spellCheck={false}
            placeholder={t(kind.placeholderKey)}
            value={entry.text}
            onChange={entry.onInput}
            onBlur={entry.onLeave}
            className="min-w-0 grow"
          />
          {adornment?.(entry)}
        </div>
      )}
    </FormField>
  );
}
