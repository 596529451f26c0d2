import { type ComponentProps, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { fieldErrorText } from '../../lib/forms.ts';

type TextareaFieldProps = ComponentProps<'textarea'> & {
  label: string;
  error?: FieldError | undefined;
};

export function TextareaField({ label, error, className, ...textareaProps }: TextareaFieldProps) {
  const id = useId();
  const message = fieldErrorText(error);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        className={`textarea w-full ${message ? 'textarea-error' : ''} ${className ?? ''}`}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        {...textareaProps}
      />
      {message && (
        <p id={`${id}-error`} className="text-sm text-error">
          {message}
        </p>
      )}
    </div>
  );
}
