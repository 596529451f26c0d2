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
    // Portuguese writes months in lower case; at the start of a line the first letter is a capital
    // ("Abril de 2027", not the "Abril De 2027" of CSS `capitalize`).
    return (date: string) => {
      const month = formatter.format(Date.parse(`${date}T00:00:00Z`));
      return style === 'long' ? month.charAt(0).toUpperCase() + month.slice(1) : month;
    };
  }, [locale, style]);
}
