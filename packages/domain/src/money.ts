import { z } from 'zod';
import { CURRENCIES } from './money-text.ts';

export { CURRENCIES, centsToInput, formatMoney, parseMoneyInput } from './money-text.ts';
export const Currency = z.enum(CURRENCIES);
export type Currency = z.infer<typeof Currency>;

/** Money travels and is stored as integer cents; only the screens show decimals. */
export const Cents = z.number().int().min(0).max(100_000_000_00);
