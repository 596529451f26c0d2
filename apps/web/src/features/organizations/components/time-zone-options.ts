import { DEFAULT_TIME_ZONE } from '@reformer/domain/time-zones';

/** Brazil's IANA zones (the product is sold in Brazil), São Paulo first as the default. */
const BRAZILIAN_TIME_ZONES = [
  DEFAULT_TIME_ZONE,
  'America/Araguaina',
  'America/Bahia',
  'America/Belem',
  'America/Boa_Vista',
  'America/Campo_Grande',
  'America/Cuiaba',
  'America/Eirunepe',
  'America/Fortaleza',
  'America/Maceio',
  'America/Manaus',
  'America/Noronha',
  'America/Porto_Velho',
  'America/Recife',
  'America/Rio_Branco',
  'America/Santarem',
] as const;

type TimeZoneOption = { value: string; label: string };

/** "America/Sao_Paulo" → "America/Sao Paulo (GMT-03:00)": the offset of today, in the reader's language. */
function labelOf(zone: string, locale: string, now: Date): string {
  const offset = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(now)
    .find((part) => part.type === 'timeZoneName')?.value;
  const name = zone.replaceAll('_', ' ');
  return offset ? `${name} (${offset})` : name;
}

/**
 * The zones this browser knows (Intl), Brazil's first. A saved zone the browser does not list (an alias
 * such as "America/Recife" on an older engine) is still offered, so the select never shows a wrong one.
 */
export function timeZoneOptions(
  locale: string,
  current: string,
  now = new Date(),
): { brazil: TimeZoneOption[]; others: TimeZoneOption[] } {
  const known = new Set(Intl.supportedValuesOf('timeZone'));
  const brazilian = new Set<string>(BRAZILIAN_TIME_ZONES);
  const others = [...known, current].filter((zone) => !brazilian.has(zone));
  const toOption = (zone: string) => ({ value: zone, label: labelOf(zone, locale, now) });
  return {
    brazil: BRAZILIAN_TIME_ZONES.map(toOption),
    others: [...new Set(others)].sort().map(toOption),
  };
}
