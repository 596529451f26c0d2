import { z } from 'zod';

/** Paged lists (spec §5, §9): page from 1, limit 1–100, default 10. */
export const PAGE_DEFAULTS = { page: 1, limit: 10, maxLimit: 100 } as const;

/** The API's paging fields: a value out of range is a 400, never silently changed. */
export const pageQueryFields = {
  page: z.coerce.number().int().min(1).default(PAGE_DEFAULTS.page),
  limit: z.coerce.number().int().min(1).max(PAGE_DEFAULTS.maxLimit).default(PAGE_DEFAULTS.limit),
};

/** A page's URL fields: a hand-edited bad value falls back to the default instead of failing. */
export const pageSearchFields = {
  page: z.coerce.number().int().min(1).catch(PAGE_DEFAULTS.page),
  limit: z.coerce.number().int().min(1).max(PAGE_DEFAULTS.maxLimit).catch(PAGE_DEFAULTS.limit),
};

type Filters = Record<string, z.ZodType>;

/** A list's filters as API query fields: each optional, a bad value a 400. */
export function queryFilters<T extends Filters>(filters: T) {
  return Object.fromEntries(Object.entries(filters).map(([name, schema]) => [name, schema.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };
}

/** The same filters as a page's URL fields: a hand-edited bad value is dropped instead of failing. */
export function urlFilters<T extends Filters>(filters: T) {
  return Object.fromEntries(
    Object.entries(filters).map(([name, schema]) => [name, schema.optional().catch(undefined)]),
  ) as { [K in keyof T]: z.ZodCatch<z.ZodOptional<T[K]>> };
}
