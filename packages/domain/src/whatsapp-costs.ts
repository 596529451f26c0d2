import { z } from 'zod';
import { addDays, addMonths, firstOfMonth } from './calendar-dates.ts';
import { WHATSAPP_TEMPLATE_KINDS, WHATSAPP_TEMPLATES } from './whatsapp-templates.ts';

/**
 * Settings → Messages' monthly cost estimate (issue #32; decision 053). Meta charges each delivered template
 * message by the category of its template and the recipient's country, in US dollars. The prices are kept
 * in **micro-dollars** (US$ 1 = 1,000,000), integers as every amount of ours, and never converted to or added
 * to reais: the studio pays Meta in its own billing currency, at Meta's rate of the day.
 */
export const PRICING_CATEGORIES = ['UTILITY', 'MARKETING'] as const;
export type PricingCategory = (typeof PRICING_CATEGORIES)[number];

/**
 * Meta's rate card for Brazil (country of the recipient), per delivered message, as published on
 * developers.facebook.com/docs/whatsapp/pricing ("Pricing for the WhatsApp Business Platform", per-message
 * pricing in effect from 1 July 2025; read for issue #32): utility US$ 0.0068, marketing US$ 0.0625. A
 * utility template sent inside a customer service window the customer opened is free, so the estimate is an
 * upper bound. Update `asOf` with the amounts when Meta publishes a new card.
 */
export const WHATSAPP_BRAZIL_PRICES = {
  currency: 'USD',
  asOf: '2025-07-01',
  source: 'https://developers.facebook.com/docs/whatsapp/pricing',
  microDollars: { UTILITY: 6_800, MARKETING: 62_500 },
} as const satisfies {
  currency: 'USD';
  asOf: string;
  source: string;
  microDollars: Record<PricingCategory, number>;
};

/** Meta's sample template (what "Test" sends) is a utility one. */
const SAMPLE_TEMPLATE_CATEGORY: Record<string, PricingCategory> = { hello_world: 'UTILITY' };

/** The category Meta bills a template we sent under; a name we do not know is billed as marketing (the dearer). */
export function pricingCategoryOf(templateName: string): PricingCategory {
  const kind = WHATSAPP_TEMPLATE_KINDS.find((item) => WHATSAPP_TEMPLATES[item].name === templateName);
  if (kind) return WHATSAPP_TEMPLATES[kind].category;
  return SAMPLE_TEMPLATE_CATEGORY[templateName] ?? 'MARKETING';
}

export type CategoryCounts = Record<PricingCategory, number>;

export function emptyCounts(): CategoryCounts {
  return { UTILITY: 0, MARKETING: 0 };
}

export function addCounts(a: CategoryCounts, b: CategoryCounts): CategoryCounts {
  return { UTILITY: a.UTILITY + b.UTILITY, MARKETING: a.MARKETING + b.MARKETING };
}

export type CategoryPrices = Record<PricingCategory, number>;

/**
 * The highest price per message a studio may enter: US$ 1.00, fifteen times Meta's dearest Brazilian price.
 * Anything above is a typo (a price per thousand, cents for dollars), not a rate card.
 */
export const MAX_PRICE_MICRO_DOLLARS = 1_000_000;

/** A price the studio entered, in micro-dollars; null = Meta's list price. */
const StudioPrice = z.number().int().min(0).max(MAX_PRICE_MICRO_DOLLARS).nullable();

/** The prices the studio pays Meta per category (its own rate, a discount or a new card), blank = Meta's list. */
export const WhatsAppPricesInput = z.object({ UTILITY: StudioPrice, MARKETING: StudioPrice }).strict();
export type WhatsAppPricesInput = z.infer<typeof WhatsAppPricesInput>;

/** The price each category is estimated at: the studio's where it entered one, else Meta's list price. */
export function effectivePrices(studio: WhatsAppPricesInput): CategoryPrices {
  const list = WHATSAPP_BRAZIL_PRICES.microDollars;
  return { UTILITY: studio.UTILITY ?? list.UTILITY, MARKETING: studio.MARKETING ?? list.MARKETING };
}

/**
 * What a person typed in the price field ("0.0068", "0,0068", "US$ 0,0068") as micro-dollars: blank is null
 * (Meta's list price), anything not a non-negative amount with at most six decimals is 'invalid'.
 */
export function parseDollarsToMicro(text: string): number | null | 'invalid' {
  const cleaned = text.replace(/US\$|\$|\s/g, '').replace(',', '.');
  if (cleaned === '') return null;
  const match = /^(\d{1,7})(?:\.(\d{1,6}))?$/.exec(cleaned);
  if (!match) return 'invalid';
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
}

/** A price field's text as micro-dollars (blank = null), or the `validation.whatsappPrice` issue. */
const PriceText = z.string().transform((text, context) => {
  const microDollars = parseDollarsToMicro(text);
  if (microDollars === 'invalid' || (microDollars !== null && microDollars > MAX_PRICE_MICRO_DOLLARS)) {
    context.addIssue({ code: 'custom', message: 'validation.whatsappPrice' });
    return z.NEVER;
  }
  return microDollars;
});

/** Settings → Messages' price fields, as typed (US$ per message), to the body of the PUT. */
export const WhatsAppPricesForm = z.object({ UTILITY: PriceText, MARKETING: PriceText });

/** Micro-dollars as the price field shows them: "0.0068" (at least two decimals, no trailing zeros beyond). */
export function microToDollarsText(microDollars: number): string {
  const whole = Math.floor(microDollars / 1_000_000);
  const fraction = String(microDollars % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${whole}.${fraction}`;
}

/** Messages × the price per category, in micro-dollars. */
export function costInMicroDollars(
  counts: CategoryCounts,
  prices: CategoryPrices = WHATSAPP_BRAZIL_PRICES.microDollars,
): number {
  return counts.UTILITY * prices.UTILITY + counts.MARKETING * prices.MARKETING;
}

/** Micro-dollars as the dollars a person reads: cents are enough for a bill (US$ 4.35), rounded half up. */
export function microDollarsToDollars(microDollars: number): number {
  return Math.round(microDollars / 10_000) / 100;
}

const Counts = z.object({ UTILITY: z.number().int(), MARKETING: z.number().int() });
const NullableCounts = z.object({
  UTILITY: z.number().int().nullable(),
  MARKETING: z.number().int().nullable(),
});

const MonthCosts = z.object({
  /** "2026-11", in the organization's time zone. */
  month: z.string(),
  messages: Counts,
  costMicroDollars: z.number().int(),
});
export type MonthCosts = z.infer<typeof MonthCosts>;

export const WhatsAppCosts = z.object({
  currency: z.literal('USD'),
  pricesAsOf: z.string(),
  /** The price each category is estimated at: the studio's where it entered one, else Meta's list price. */
  priceMicroDollars: Counts,
  /** Meta's list price for Brazil, the default of a blank field. */
  listPriceMicroDollars: Counts,
  /** What the studio entered (null = blank, Meta's list price). */
  studioPriceMicroDollars: NullableCounts,
  thisMonth: MonthCosts,
  lastMonth: MonthCosts,
  /**
   * This month's sent messages plus what the studio's settings and calendar still send before it ends:
   * class reminders (one per opted-in customer on each class's roster, when WhatsApp reminders are on),
   * notices of moved or cancelled classes (as many as last month: they follow staff's changes, not the
   * calendar) and birthday greetings (opted-in customers, when the birthday messages go by WhatsApp).
   */
  projection: MonthCosts.extend({
    remaining: z.object({
      classReminders: z.number().int(),
      classNotices: z.number().int(),
      birthdays: z.number().int(),
    }),
  }),
});
export type WhatsAppCosts = z.infer<typeof WhatsAppCosts>;

export function monthCosts(month: string, messages: CategoryCounts, prices?: CategoryPrices): MonthCosts {
  return { month, messages, costMicroDollars: costInMicroDollars(messages, prices) };
}

/** The months the estimate speaks of, from the organization's today ("2026-11-27"): first days, ISO dates. */
export function costMonths(today: string) {
  const thisMonth = firstOfMonth(today);
  return { lastMonth: addMonths(thisMonth, -1), thisMonth, nextMonth: addMonths(thisMonth, 1) };
}

/** "MM-DD" of each day of `today`'s month after it: the birthdays still to greet this month. */
export function remainingMonthDays(today: string): string[] {
  const { nextMonth } = costMonths(today);
  const days: string[] = [];
  for (let day = addDays(today, 1); day < nextMonth; day = addDays(day, 1)) days.push(day.slice(5));
  return days;
}
