import { useMemo } from 'react';
import { useLocaleTag } from '@/lib/format.ts';

/**
 * The month of a calendar date in the user's language: short for chart bars ("Oct" / "out."), long with its
 * year for a list ("April 2027" / "abril de 2027"). A calendar date is UTC midnight, so it is formatted in UTC.
 */
export function useFormatMonth(style: 'short' | 'long' = 'short'): (date: string) => string {
  const locale = useLocaleTag();
  return useMemo(() => {
    const options: Intl.DateTimeFormatOptions =
      style === 'short'
        ? { month: 'short', timeZone: 'UTC' }
        : { month: 'long', year: 'numeric', timeZone: 'UTC' };
    const formatter = new Intl.DateTimeFormat(locale, options);
    return (date: string) => formatter.format(Date.parse(`${date}T00:00:00Z`));
  }, [locale, style]);
}
