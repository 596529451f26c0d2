import { type Currency, formatMoney } from '@reformer/domain/money';
import { languageTag } from '@reformer/domain/preferences';
import { useCallback } from 'react';
import { usePreferences } from '../../../lib/preferences.tsx';

/** Money in the user's locale: R$ 1.234,56 in pt_BR, R$1,234.56 or $1,234.56 in en_US. */
export function useFormatMoney(): (cents: number, currency: Currency) => string {
  const { language } = usePreferences();
  return useCallback(
    (cents: number, currency: Currency) => formatMoney(cents, currency, languageTag(language)),
    [language],
  );
}

export function useLocaleTag(): string {
  return languageTag(usePreferences().language);
}
