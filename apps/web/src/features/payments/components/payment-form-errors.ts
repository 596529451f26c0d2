import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-error.ts';
import { applyServerFieldErrors } from '@/lib/forms.ts';
import { PAYMENT_DETAILS_FIELDS, type PaymentDetailsFormValues } from './payment-form-values.ts';

/**
 * Puts the server's VALIDATION_FAILED issues next to their fields (its `amountCents` is the amount typed).
 * Other refusals (no enrollment, a cycle that is not the enrollment's) are said by the toast.
 */
export function showPaymentServerErrors(error: unknown, setError: UseFormSetError<PaymentDetailsFormValues>) {
  if (!(error instanceof ApiError)) return;
  if (error.fieldIssues.some((issue) => issue.path === 'amountCents')) {
    setError('amount', { type: 'server', message: 'validation.amount' });
  }
  applyServerFieldErrors(error, setError, PAYMENT_DETAILS_FIELDS);
}
