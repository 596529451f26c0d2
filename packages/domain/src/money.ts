import { z } from 'zod';

export const CURRENCIES = ['BRL', 'USD'] as const;
export const Currency = z.enum(CURRENCIES);
export type Currency = z.infer<typeof Currency>;

/** Money travels and is stored as integer cents; only the screens show decimals. */
export const Cents = z.number().int().min(0).max(100_000_000_00);

/**
 * Reads what a person typed as a price: "1234.56", "1.234,56", "1234,5", "R$ 249". Returns cents, or null
 * when it is not a non-negative amount with at most two decimals.
 */
export function parseMoneyInput(text: string): number | null {
  const cleaned = text.replace(/[R$US\s]/g, '');
  if (!cleaned) return null;
  const lastSeparator = Math.max(cleaned.lastIndexOf(','), cleaned.lastIndexOf('.'));
  const decimals = lastSeparator >= 0 ? cleaned.slice(lastSeparator + 1) : '';
  const isDecimal = lastSeparator >= 0 && decimals.length <= 2;
  const whole = (isDecimal ? cleaned.slice(0, lastSeparator) : cleaned).replace(/[.,]/g, '');
  const fraction = isDecimal ? decimals.padEnd(2, '0') : '00';
  if (!/^\d+$/.test(whole || '0') || !/^\d{2}$/.test(fraction)) return null;
  const cents = Number(whole || '0') * 100 + Number(fraction);
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
