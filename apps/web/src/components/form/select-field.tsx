import type { ComponentProps } from 'react';
import type { FieldError } from 'react-hook-form';
import { FormField } from './form-field.tsx';

type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  error?: FieldError | undefined;
  options: readonly { value: string; label: string }[];
};

export function SelectField({ label, error, options, className, ...selectProps }: SelectFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control, isInvalid) => (
        <select
          {...control}
          className={`select w-full ${isInvalid ? 'select-error' : ''} ${className ?? ''}`}
          {...selectProps}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
