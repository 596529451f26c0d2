import type { ComponentProps } from 'react';
import type { FieldError } from 'react-hook-form';
import { FormField } from './form-field.tsx';

type TextareaFieldProps = ComponentProps<'textarea'> & {
  label: string;
  error?: FieldError | undefined;
  isRequired?: boolean;
};

export function TextareaField({ label, error, isRequired, className, ...textareaProps }: TextareaFieldProps) {
  return (
    <FormField label={label} error={error} isRequired={isRequired}>
      {(control, isInvalid) => (
        <textarea
          {...control}
          className={`textarea w-full ${isInvalid ? 'textarea-error' : ''} ${className ?? ''}`}
          {...textareaProps}
        />
      )}
    </FormField>
  );
}
