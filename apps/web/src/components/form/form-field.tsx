import { type ReactNode, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { fieldErrorText } from '@/lib/forms.ts';

export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

type FormFieldProps = {
  label: string;
  error?: FieldError | undefined;
  hint?: string | undefined;
  /** Marks the label with the required sign (*) and the control as aria-required. */
  isRequired?: boolean | undefined;
  /** A list filter's small label, beside the filter selects' own. */
  isCompact?: boolean | undefined;
  /** Renders the control with the id and ARIA wiring that ties it to its label, hint and error. */
  children: (control: ControlProps, isInvalid: boolean) => ReactNode;
};

/**
 * A labelled form control with its hint and translated error, wired for screen readers. The error is
 * base-content text marked by an error-coloured bar: red text alone fails contrast in several themes.
 */
export function FormField({ label, error, hint, isRequired, isCompact, children }: FormFieldProps) {
  const id = useId();
  const message = fieldErrorText(error);
  const describedBy = [hint && `${id}-hint`, message && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={`${isCompact ? 'text-xs' : 'text-sm'} font-medium`}>
        {label}
        {isRequired && <RequiredMark />}
      </label>
      {children(
        {
          id,
          'aria-invalid': message ? true : undefined,
          'aria-describedby': describedBy,
          'aria-required': isRequired || undefined,
        },
        Boolean(message),
      )}
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
    </div>
  );
}

/** The sign after a required field's label; screen readers hear aria-required on the control instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ms-0.5 text-error">
      *
    </span>
  );
}
