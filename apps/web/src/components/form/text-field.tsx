import { type ComponentProps, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { fieldErrorText } from '../../lib/forms.ts';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  error?: FieldError | undefined;
  hint?: string;
};

/** A labelled input with its hint and translated error, wired for screen readers. */
export function TextField({ label, error, hint, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const message = fieldErrorText(error);
  const describedBy = [hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`input w-full ${message ? 'input-error' : ''} ${className ?? ''}`}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-base-content/70">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="text-sm text-error">
          {message}
        </p>
      )}
    </div>
  );
}
