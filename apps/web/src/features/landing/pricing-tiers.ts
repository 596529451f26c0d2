/**
 * The three subscription tiers of the landing page (spec doc 2 §9, ARCHITECTURE §5: R$249, R$499 and R$749
 * a month; the older 49/99/149 reading is superseded). Whole reais, shown without cents.
 */
export const PRICING_TIERS = [
  { id: 'starter', monthlyPriceBrl: 249, isRecommended: false },
  { id: 'professional', monthlyPriceBrl: 499, isRecommended: true },
  { id: 'studioPro', monthlyPriceBrl: 749, isRecommended: false },
] as const;

export type PricingTier = (typeof PRICING_TIERS)[number];
