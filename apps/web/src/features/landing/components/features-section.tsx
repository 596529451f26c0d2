import { useTranslation } from 'react-i18next';
import { env } from '../../../env.ts';

/** Honest by construction: what works today and what is on the roadmap are two separate lists. */
const AVAILABLE = ['clients', 'plans', 'team', 'preferences'] as const;
const ROADMAP = ['calendar', 'enrollments', 'payments', 'records', 'reminders', 'import'] as const;
type FeatureId = (typeof AVAILABLE)[number] | (typeof ROADMAP)[number];

export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-4">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-title" className="mb-3 text-3xl font-bold">
          {t('public.home.features.title', { appName: env.appName })}
        </h2>
        <p className="mb-10 max-w-prose text-lg">{t('public.home.features.subtitle')}</p>
        <FeatureGroup title={t('public.home.features.available')} features={AVAILABLE} isAvailable />
        <FeatureGroup title={t('public.home.features.roadmap')} features={ROADMAP} isAvailable={false} />
      </div>
    </section>
  );
}

function FeatureGroup({
  title,
  features,
  isAvailable,
}: {
  title: string;
  features: readonly FeatureId[];
  isAvailable: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-10 last:mb-0">
      <h3 className="mb-4 flex items-center gap-2 text-xl font-semibold">
        <span
          aria-hidden="true"
          className={`inline-block h-3 w-3 rounded-full ${isAvailable ? 'bg-success' : 'border-2 border-base-content'}`}
        />
        {title}
      </h3>
      <ul
        className={`grid gap-4 sm:grid-cols-2 ${features.length % 4 === 0 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}
      >
        {features.map((feature) => (
          <li
            key={feature}
            className={`rounded-box border p-5 ${isAvailable ? 'border-base-300 bg-base-100 shadow-sm' : 'border-dashed border-base-content/40'}`}
          >
            <h4 className="mb-2 font-semibold">{t(`public.home.features.items.${feature}.title`)}</h4>
            <p>{t(`public.home.features.items.${feature}.text`)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
