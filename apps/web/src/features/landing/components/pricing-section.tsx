import { languageTag } from '@reformer/domain/preferences';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '@/lib/preferences.tsx';
import { PRICING_TIERS, type PricingTier } from '../pricing-tiers.ts';

/** "R$249" in en-US, "R$ 249" in pt-BR: the locale writes the amount, whole reais only. */
function usePriceFormat(): (reais: number) => string {
  const { language } = usePreferences();
  return useMemo(() => {
    const format = new Intl.NumberFormat(languageTag(language), {
      style: 'currency',
      currency: 'BRL',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    return (reais: number) => format.format(reais);
  }, [language]);
}

export function PricingSection() {
  const { t } = useTranslation();
  const formatPrice = usePriceFormat();
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-4 bg-base-200">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="pricing-title" className="mb-3 text-3xl font-bold">
          {t('public.home.pricing.title')}
        </h2>
        <p className="mb-10 max-w-prose text-lg">{t('public.home.pricing.subtitle')}</p>
        <ul className="grid gap-6 md:grid-cols-3">
          {PRICING_TIERS.map((tier) => (
            <PricingCard key={tier.id} tier={tier} price={formatPrice(tier.monthlyPriceBrl)} />
          ))}
        </ul>
        <p className="mt-6 text-center">{t('public.home.pricing.note')}</p>
      </div>
    </section>
  );
}

function PricingCard({ tier, price }: { tier: PricingTier; price: string }) {
  const { t } = useTranslation();
  const nameId = useId();
  const features = t(`public.home.pricing.tiers.${tier.id}.features`, { returnObjects: true });
  return (
    <li
      aria-labelledby={nameId}
      className={`flex flex-col gap-4 rounded-box border bg-base-100 p-6 ${tier.isRecommended ? 'border-2 border-primary shadow-lg' : 'border-base-300'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={nameId} className="text-xl font-semibold">
          {t(`public.home.pricing.tiers.${tier.id}.name`)}
        </h3>
        {tier.isRecommended && (
          <span className="badge badge-primary">{t('public.home.pricing.recommended')}</span>
        )}
      </div>
      <p>{t(`public.home.pricing.tiers.${tier.id}.description`)}</p>
      <p>
        <span className="text-4xl font-bold" data-testid="tier-price">
          {price}
        </span>
        {/* One text for eyes and screen readers: a hidden "/month" beside a spoken "per month" read twice. */}
        <span className="text-base-content/70"> {t('public.home.pricing.perMonth')}</span>
      </p>
      <ul className="flex flex-1 flex-col gap-2">
        {Object.entries(features).map(([key, text]) => (
          <li key={key} className="flex gap-2">
            <CheckIcon />
            {text}
          </li>
        ))}
      </ul>
      <a
        href="/sign-up"
        className={`btn ${tier.isRecommended ? 'btn-primary' : 'btn-outline'}`}
        aria-describedby={nameId}
      >
        {t('public.home.pricing.choose')}
      </a>
    </li>
  );
}

function CheckIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="mt-0.5 h-5 w-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
    >
      <path strokeLinecap="round" strokeLinejoin="round" d="m5 12 5 5 9-10" />
    </svg>
  );
}
