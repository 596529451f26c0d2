import { languageTag } from '@reformer/domain/preferences';
import { useMemo } from 'react';
import { usePreferences } from './preferences.tsx';

/** Dates in the user's language (e.g. "Nov 22, 2026" / "22 de nov. de 2026"). */
export function useFormatDate(): (isoDate: string) => string {
  const { language } = usePreferences();
  return useMemo(() => {
    const formatter = new Intl.DateTimeFormat(languageTag(language), { dateStyle: 'medium' });
    return (isoDate: string) => {
      const date = new Date(isoDate);
      return Number.isNaN(date.getTime()) ? isoDate : formatter.format(date);
    };
  }, [language]);
}
