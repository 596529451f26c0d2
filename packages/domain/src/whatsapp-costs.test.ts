import { describe, expect, it } from 'vitest';
import {
  costInMicroDollars,
  costMonths,
  effectivePrices,
  microDollarsToDollars,
  microToDollarsText,
  parseDollarsToMicro,
  pricingCategoryOf,
  remainingMonthDays,
  WHATSAPP_BRAZIL_PRICES,
  WhatsAppPricesForm,
  WhatsAppPricesInput,
} from './whatsapp-costs.ts';
import { WHATSAPP_TEMPLATES } from './whatsapp-templates.ts';

describe('the WhatsApp cost estimate', () => {
  it("holds Meta's Brazilian prices in micro-dollars: utility US$ 0.0068, marketing US$ 0.0625", () => {
    expect(WHATSAPP_BRAZIL_PRICES.microDollars).toEqual({ UTILITY: 6_800, MARKETING: 62_500 });
    expect(WHATSAPP_BRAZIL_PRICES.currency).toBe('USD');
  });

  it("bills each template under its catalogue's category; the sample as utility; an unknown one as marketing", () => {
    expect(pricingCategoryOf(WHATSAPP_TEMPLATES.BIRTHDAY.name)).toBe('MARKETING');
    expect(pricingCategoryOf(WHATSAPP_TEMPLATES.CLASS_REMINDER.name)).toBe('UTILITY');
    expect(pricingCategoryOf(WHATSAPP_TEMPLATES.CLASS_LINK.name)).toBe('UTILITY');
    expect(pricingCategoryOf('hello_world')).toBe('UTILITY');
    expect(pricingCategoryOf('someone_elses_template')).toBe('MARKETING');
  });

  it("gives the issue's figure: 80 customers × 8 class reminders ≈ US$ 4.35", () => {
    const cost = costInMicroDollars({ UTILITY: 80 * 8, MARKETING: 0 });
    expect(cost).toBe(4_352_000);
    expect(microDollarsToDollars(cost)).toBe(4.35);
    expect(costInMicroDollars({ UTILITY: 1, MARKETING: 2 })).toBe(6_800 + 125_000);
  });

  it('finds the months and the days left across a year end and a leap February', () => {
    expect(costMonths('2027-01-15')).toEqual({
      lastMonth: '2026-12-01',
      thisMonth: '2027-01-01',
      nextMonth: '2027-02-01',
    });
    expect(remainingMonthDays('2028-02-27')).toEqual(['02-28', '02-29']);
    expect(remainingMonthDays('2026-11-30')).toEqual([]);
  });
});

describe('the prices the studio enters', () => {
  it('reads what a person types, in either language, as micro-dollars', () => {
    expect(parseDollarsToMicro('0.0068')).toBe(6_800);
    expect(parseDollarsToMicro('US$ 0,0125')).toBe(12_500);
    expect(parseDollarsToMicro('1')).toBe(1_000_000);
    expect(parseDollarsToMicro('  ')).toBeNull();
    expect(parseDollarsToMicro('-0.01')).toBe('invalid');
    expect(parseDollarsToMicro('0.0000001')).toBe('invalid');
    expect(parseDollarsToMicro('abc')).toBe('invalid');
  });

  it('shows micro-dollars back as the field reads them', () => {
    expect(microToDollarsText(6_800)).toBe('0.0068');
    expect(microToDollarsText(1_000_000)).toBe('1.00');
    expect(microToDollarsText(0)).toBe('0.00');
    expect(parseDollarsToMicro(microToDollarsText(62_500))).toBe(62_500);
  });

  it("estimates at the studio's price where it entered one, Meta's list price elsewhere", () => {
    const prices = effectivePrices({ UTILITY: 5_000, MARKETING: null });
    expect(prices).toEqual({ UTILITY: 5_000, MARKETING: 62_500 });
    expect(costInMicroDollars({ UTILITY: 10, MARKETING: 1 }, prices)).toBe(10 * 5_000 + 62_500);
  });

  it('refuses a negative, fractional or absurd price', () => {
    expect(WhatsAppPricesInput.safeParse({ UTILITY: -1, MARKETING: null }).success).toBe(false);
    expect(WhatsAppPricesInput.safeParse({ UTILITY: 1.5, MARKETING: null }).success).toBe(false);
    expect(WhatsAppPricesInput.safeParse({ UTILITY: null, MARKETING: 1_000_001 }).success).toBe(false);
    expect(WhatsAppPricesInput.safeParse({ UTILITY: null, MARKETING: 1_000_000 }).success).toBe(true);
  });
});

describe('the price fields', () => {
  it('turn what was typed into the body of the PUT, refusing what is no price', () => {
    expect(WhatsAppPricesForm.parse({ UTILITY: '0,005', MARKETING: '' })).toEqual({
      UTILITY: 5_000,
      MARKETING: null,
    });
    expect(WhatsAppPricesForm.safeParse({ UTILITY: '2', MARKETING: '' }).success).toBe(false);
    expect(WhatsAppPricesForm.safeParse({ UTILITY: 'x', MARKETING: '' }).success).toBe(false);
  });
});
