import { i18n } from '@/i18n/index.ts';
import { ApiError } from '@/lib/api-error.ts';
import { describeError } from '@/lib/error-messages.ts';
import { isTranslationKey, type TranslationKey } from '@/lib/i18n-keys.ts';

/** Meta's refusal in words (`details.failure`, a WHATSAPP_FAILURES code), else the usual error text. */
export function describeWhatsAppError(error: unknown, fallbackKey: TranslationKey): string {
  const failure =
    error instanceof ApiError ? (error.details as { failure?: string } | undefined)?.failure : undefined;
  const key = `whatsapp.failures.${failure}`;
  return failure && isTranslationKey(key) ? i18n.t(key) : describeError(error, fallbackKey);
}
