import type { ComponentProps } from 'react';
import type { FieldError } from 'react-hook-form';
import { FormField } from './form-field.tsx';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  error?: FieldError | undefined;
  hint?: string;
  isRequired?: boolean;
};

export function TextField({ label, error, hint, isRequired, className, ...inputProps }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} isRequired={isRequired}>
      {(control, isInvalid) => (
        <input
          {...control}
          className={`input w-full ${isInvalid ? 'input-error' : ''} ${className ?? ''}`}
          {...inputProps}
        />
      )}
    </FormField>
  );
}
