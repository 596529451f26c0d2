import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-error.ts';
import { applyServerFieldErrors } from '@/lib/forms.ts';
import { ENROLLMENT_FORM_FIELDS, type EnrollmentFormValues } from './enrollment-form-values.ts';

type Field = keyof EnrollmentFormValues;

/** Which field each refusal of the server is about; the toast says it too, this keeps it on screen. */
const FIELD_OF_CODE: Partial<Record<string, Field>> = {
  ENROLLMENT_DUPLICATE: 'scheduleId',
  ENROLLMENT_FULL: 'scheduleId',
  SCHEDULE_INACTIVE: 'scheduleId',
  SCHEDULE_NOT_FOUND: 'scheduleId',
  ENROLLMENT_WEEKLY_LIMIT: 'planId',
  PLAN_INACTIVE: 'planId',
  PLAN_NOT_FOUND: 'planId',
  CUSTOMER_NOT_FOUND: 'customerId',
};

const SHOWN_FULL_DATES = 3;

function fullDatesOf(details: unknown): string[] {
  if (typeof details !== 'object' || details === null || !('dates' in details)) return [];
  const { dates } = details;
  return Array.isArray(dates) ? dates.filter((date): date is string => typeof date === 'string') : [];
}

/**
 * Puts the server's answer next to its field: a duplicate or a full class at the schedule (with the full
 * sessions' dates), the weekly limit at the plan (with the limit), validation issues at theirs.
 */
export function showEnrollmentServerErrors(
  error: unknown,
  setError: UseFormSetError<EnrollmentFormValues>,
  formatDate: (date: string) => string,
) {
  if (applyServerFieldErrors(error, setError, ENROLLMENT_FORM_FIELDS)) return;
  if (!(error instanceof ApiError)) return;
  const field = FIELD_OF_CODE[error.code];
  if (!field) return;
  const fullDates = error.code === 'ENROLLMENT_FULL' ? fullDatesOf(error.details) : [];
  if (fullDates.length > 0) {
    const shown = fullDates.slice(0, SHOWN_FULL_DATES).map(formatDate).join(', ');
    const dates = fullDates.length > SHOWN_FULL_DATES ? `${shown}…` : shown;
    setError(field, { type: 'server', message: 'enrollments.form.hints.fullOn', types: { dates } });
    return;
  }
  const limit = error.code === 'ENROLLMENT_WEEKLY_LIMIT' ? limitOf(error.details) : undefined;
  setError(field, {
    type: 'server',
    message: `errors.${error.code}`,
    types: limit === undefined ? {} : { limit },
  });
}

function limitOf(details: unknown): string | undefined {
  if (typeof details !== 'object' || details === null || !('limit' in details)) return undefined;
  return String(details.limit);
}
