import { toPercent } from '@reformer/domain/dashboard';
import { useMemo } from 'react';
import { useLocaleTag } from '@/lib/format.ts';

/** A rate (0.5) as the user's language writes a percentage ("50%", "50 %"); no rate is a dash. */
export function useFormatPercent(): (rate: number | null) => string {
  const locale = useLocaleTag();
  return useMemo(() => {
    const formatter = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    return (rate: number | null) => (rate === null ? '—' : formatter.format(toPercent(rate) / 100));
  }, [locale]);
}
