import { type ComponentProps, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { fieldErrorText } from '../../../lib/forms.ts';

type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  error?: FieldError | undefined;
  options: readonly { value: string; label: string }[];
};

/** A labelled <select> with its translated error, like TextField. */
export function SelectField({ label, error, options, className, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const message = fieldErrorText(error);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className={`select w-full ${message ? 'select-error' : ''} ${className ?? ''}`}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        {...selectProps}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {message && (
        <p id={`${id}-error`} className="text-sm text-error">
          {message}
        </p>
      )}
    </div>
  );
}
