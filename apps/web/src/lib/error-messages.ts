import { messageParams } from '@reformer/domain/errors';
import { i18n } from '@/i18n/index.ts';
import { ApiError, NetworkError } from './api-error.ts';
import { isTranslationKey, type TranslationKey } from './i18n-keys.ts';

/** Codes whose catalog text says nothing more useful than the action's own "Failed to …" message. */
const UNINFORMATIVE_CODES = new Set(['INTERNAL_ERROR', 'UNKNOWN']);

/**
 * What to tell the user about a failed call: the network message, the translated `errors.<CODE>`, or the
 * action's fallback (spec §8: "Failed to create. Please try again.", else common.errors.generic).
 */
export function describeError(error: unknown, fallbackKey: TranslationKey = 'common.errors.generic'): string {
  if (error instanceof NetworkError) return i18n.t('errors.network');
  if (error instanceof ApiError && !UNINFORMATIVE_CODES.has(error.code)) {
    const key = `errors.${error.code}`;
    if (isTranslationKey(key)) return i18n.t(key, messageParams(error.details));
  }
  return i18n.t(fallbackKey);
}
