import type { ParseKeys } from 'i18next';
import { i18n } from '@/i18n/index.ts';

/** Any key of the catalogs, checked at compile time against en_US.json. */
export type TranslationKey = ParseKeys;

/** Keys that only arrive at run time (an API error code, a server validation key) are checked here. */
export function isTranslationKey(key: string): key is TranslationKey {
  return i18n.exists(key);
}
