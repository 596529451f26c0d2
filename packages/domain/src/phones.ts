import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phones are stored one way, E.164 ("+5511987654321"), and shown the way their country writes them
 * ("(11) 98765-4321" for a Brazilian number seen in Brazil). libphonenumber-js (Google's metadata) does
 * the parsing and formatting; Brazil's own rule is stricter than its length check.
 */
const BRAZILIAN_NATIONAL = /^[1-9]{2}(9\d{8}|[2-8]\d{7})$/;

function parse(value: string, country: string) {
  if (!/^[+()\d\s.-]+$/.test(value)) return undefined;
  const region = country.toUpperCase() as CountryCode;
  return parsePhoneNumberFromString(value, region) ?? undefined;
}

/**
 * A DDD and number as people write them in Brazil ("(11) 98765-4321", "+55 11 98765-4321"): the same answer
 * libphonenumber gives, without it — it takes ~45 µs a number, and an import checks 100,000 (issue #14).
 * Anything else (a trunk 0, digits starting with 55 that might be the country code) is left to it.
 */
function writtenBrazilian(value: string, country: string): string | undefined {
  const match = /^(\+55)?([\d\s().-]+)$/.exec(value);
  if (!match?.[2] || (!match[1] && country.toUpperCase() !== 'BR')) return undefined;
  const digits = match[2].replace(/\D/g, '');
  if (!BRAZILIAN_NATIONAL.test(digits) || (!match[1] && digits.startsWith('55'))) return undefined;
  return `+55${digits}`;
}

/** The number in E.164 when it is a valid number for `country` (or carries its own +code); else null. */
export function normalizePhone(value: string, country = 'BR'): string | null {
  const written = writtenBrazilian(value.trim(), country);
  if (written) return written;
  const phone = parse(value.trim(), country);
  if (!phone?.isPossible()) return null;
  if (phone.country === 'BR' || (!phone.country && phone.countryCallingCode === '55')) {
    return BRAZILIAN_NATIONAL.test(phone.nationalNumber) ? phone.number : null;
  }
  return phone.isValid() ? phone.number : null;
}

export function isValidPhone(value: string, country = 'BR'): boolean {
  return normalizePhone(value, country) !== null;
}

/**
 * How to show a stored number: in national form when it is of the viewer's country ("(11) 98765-4321"),
 * in international form otherwise ("+1 212 555 0100"); anything unparseable as it is.
 */
export function formatPhone(value: string | null | undefined, viewerCountry = 'BR'): string {
  if (!value) return '';
  const phone = parse(value, viewerCountry);
  if (!phone) return value;
  return phone.country === viewerCountry.toUpperCase() ? phone.formatNational() : phone.formatInternational();
}

/** The number for a wa.me link: digits of the E.164 form, no plus. */
export function whatsAppNumber(value: string, country = 'BR'): string | null {
  return normalizePhone(value, country)?.slice(1) ?? null;
}
