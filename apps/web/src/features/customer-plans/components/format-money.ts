import { type Currency, formatMoney } from '@reformer/domain/money';
import { useCallback } from 'react';
import { useLocaleTag } from '../../../lib/format.ts';

/** Money in the user's locale: R$ 1.234,56 in pt_BR, R$1,234.56 or $1,234.56 in en_US. */
export function useFormatMoney(): (cents: number, currency: Currency) => string {
  const locale = useLocaleTag();
  return useCallback((cents: number, currency: Currency) => formatMoney(cents, currency, locale), [locale]);
}
