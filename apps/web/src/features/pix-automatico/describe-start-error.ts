import { PIX_AUTOMATICO_UNAVAILABLE_REASONS } from '@reformer/domain/pix-automatico-views';
import { i18n } from '@/i18n/index.ts';
import { ApiError } from '@/lib/api-error.ts';
import { describeError } from '@/lib/error-messages.ts';

/**
 * A refused start in the user's words: PIX_AUTOMATICO_UNAVAILABLE says which condition is missing (its
 * `details.reason`); field problems stand by their fields, so the alert says nothing more of them.
 */
export function describeStartError(error: unknown): string | null {
  if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && error.fieldIssues.length > 0)
    return null;
  if (error instanceof ApiError && error.code === 'PIX_AUTOMATICO_UNAVAILABLE') {
    const reason = (error.details as { reason?: unknown } | undefined)?.reason;
    const known = PIX_AUTOMATICO_UNAVAILABLE_REASONS.find((one) => one === reason);
    if (known) return i18n.t(`pixAutomatico.unavailable.${known}`);
  }
  return describeError(error, 'common.errors.failedToCreate');
}
