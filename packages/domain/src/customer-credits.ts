import { z } from 'zod';
import { Currency } from './money.ts';
import { pageQueryFields, pageSearchFields, queryFilters, urlFilters } from './paging.ts';

/**
 * The customers with credit (decision 028: money a cycle did not owe, kept for them), the list the
 * dashboard's credit figure opens: one row per customer and currency whose balance is above zero, largest
 * first. Members who may view payments organization-wide, as the payments list.
 */
const creditFilters = { currency: Currency };

export const CustomerCreditQuery = z.object({ ...pageQueryFields, ...queryFilters(creditFilters) });
export type CustomerCreditQuery = z.infer<typeof CustomerCreditQuery>;

export const CustomerCreditsSearchParams = z.object({ ...pageSearchFields, ...urlFilters(creditFilters) });
export type CustomerCreditsSearchParams = z.infer<typeof CustomerCreditsSearchParams>;

export const CustomerCredit = z.object({
  customerId: z.string(),
  name: z.string(),
  currency: Currency,
  balanceCents: z.number().int(),
});
export type CustomerCredit = z.infer<typeof CustomerCredit>;

export const CustomerCreditList = z.object({
  items: z.array(CustomerCredit),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type CustomerCreditList = z.infer<typeof CustomerCreditList>;
