import { isErrorBody } from '@reformer/domain/errors';
import { i18n } from '@/i18n/index.ts';
import { ApiError } from '@/lib/api-error.ts';
import { describeError } from '@/lib/error-messages.ts';
import { isTranslationKey, type TranslationKey } from '@/lib/i18n-keys.ts';

/** What better-auth's client reports: the answer's body spread out, plus the HTTP status. */
type BetterAuthClientError = { status: number; code?: string | undefined; message?: string | undefined };

/**
 * Our server wraps better-auth's `{ code, message }` in the API's error envelope `{ error: { … } }`;
 * accept both so the usual ApiError handling (codes, field issues) applies.
 */
export function toAuthError(error: BetterAuthClientError): ApiError {
  if (isErrorBody(error)) {
    const { code, message, details, requestId } = error.error;
    return new ApiError(error.status, code, message, details, requestId);
  }
  const code = error.code ?? (error.status === 429 ? 'RATE_LIMITED' : 'UNKNOWN');
  return new ApiError(error.status, code, error.message ?? 'Authentication failed');
}

/** better-auth's own codes (wrong password, existing account…) have their texts under `auth.errors`. */
export function describeAuthError(error: unknown, fallbackKey: TranslationKey): string {
  if (error instanceof ApiError) {
    const key = `auth.errors.${error.code}`;
    if (isTranslationKey(key)) return i18n.t(key);
  }
  return describeError(error, fallbackKey);
}
