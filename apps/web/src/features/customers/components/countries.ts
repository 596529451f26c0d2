import { languageTag } from '@reformer/domain/preferences';
import { useMemo } from 'react';
import { usePreferences } from '@/lib/preferences.tsx';

/**
 * Countries offered for a customer: Brazil first (the product's market), the others whose id types the
 * spec names, then neighbours and frequent origins. A stored code outside the list is still offered.
 */
const COUNTRY_CODES = [
  'BR',
  'US',
  'IN',
  'PT',
  'AR',
  'UY',
  'PY',
  'CL',
  'BO',
  'PE',
  'CO',
  'VE',
  'MX',
  'ES',
  'IT',
  'FR',
  'DE',
  'GB',
  'CA',
  'JP',
  'CN',
  'AO',
  'MZ',
];

/** The country's name in the user's language ("Brazil", "Brasil"); the code when it has none. */
export function useCountryName(): (code: string) => string {
  const { language } = usePreferences();
  return useMemo(() => {
    const names = new Intl.DisplayNames([languageTag(language)], { type: 'region' });
    return (code: string) => {
      try {
        return names.of(code) ?? code;
      } catch {
        return code; // not a region code Intl knows
      }
    };
  }, [language]);
}

export function useCountryOptions(current: string): { value: string; label: string }[] {
  const countryName = useCountryName();
  return useMemo(() => {
    const codes = !current || COUNTRY_CODES.includes(current) ? COUNTRY_CODES : [...COUNTRY_CODES, current];
    return codes.map((code) => ({ value: code, label: countryName(code) }));
  }, [countryName, current]);
}
