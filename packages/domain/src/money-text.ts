/**
 * Money as people write and read it: formatting and parsing, without the schemas of ./money.ts, so a page that
 * only shows amounts (the customer portal's first screen) downloads no validation library.
 */
export const CURRENCIES = ['BRL', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * Reads what a person typed as a price: "1234.56", "1.234,56", "1,234.56", "1234,5", "R$ 249". Returns cents,
 * or null when it is not a non-negative amount with at most two decimals. A separator followed by one or
 * two digits at the end is the decimal one; any other separates thousands, in groups of exactly three, and
 * must differ from the decimal one — so a typo such as "12.3456" or "1.5.0" is refused, never read as a
 * price a thousand times larger.
 */
export function parseMoneyInput(text: string): number | null {
  const cleaned = text.replace(/[R$US\s]/g, '');
  if (!/^\d[\d.,]*$/.test(cleaned)) return null;
  const decimal = /([.,])(\d{0,2})$/.exec(cleaned);
  const whole = decimal ? cleaned.slice(0, decimal.index) : cleaned;
  const grouped = /^\d{1,3}([.,])\d{3}(?:\1\d{3})*$/.exec(whole);
  if (!/^\d+$/.test(whole) && (!grouped || grouped[1] === decimal?.[1])) return null;
  const cents = Number(whole.replace(/[.,]/g, '')) * 100 + Number((decimal?.[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** R$ 1.234,56 in pt-BR; $1,234.56 in en-US (the locale decides the format, the currency the symbol). */
export function formatMoney(cents: number, currency: Currency, localeTag: string): string {
  return new Intl.NumberFormat(localeTag, { style: 'currency', currency }).format(cents / 100);
}

/** For an input field: "1234.56" or "1234,56" as the locale writes decimals, without grouping. */
export function centsToInput(cents: number, localeTag: string): string {
  const separator = localeTag.startsWith('pt') ? ',' : '.';
  return `${Math.floor(cents / 100)}${separator}${String(cents % 100).padStart(2, '0')}`;
}
