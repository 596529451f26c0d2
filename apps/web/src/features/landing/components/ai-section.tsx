import { useTranslation } from 'react-i18next';

/** Spec doc 2 §1 promises these; none exists yet, and the section says so. */
const AI_FEATURES = ['segmentation', 'churn', 'messages', 'workouts'] as const;

export function AiSection() {
  const { t } = useTranslation();
  return (
    <section id="ai" aria-labelledby="ai-title" className="scroll-mt-4 bg-base-200">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <p className="badge badge-outline mb-3">{t('public.home.ai.badge')}</p>
        <h2 id="ai-title" className="mb-3 text-3xl font-bold">
          {t('public.home.ai.title')}
        </h2>
        <p className="mb-8 max-w-prose text-lg">{t('public.home.ai.intro')}</p>
        <ul className="mb-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {AI_FEATURES.map((feature) => (
            <li key={feature} className="rounded-box border border-dashed border-base-content/40 p-5">
              <h3 className="mb-2 font-semibold">{t(`public.home.ai.items.${feature}.title`)}</h3>
              <p>{t(`public.home.ai.items.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
        <p className="max-w-prose">{t('public.home.ai.note')}</p>
      </div>
    </section>
  );
}
