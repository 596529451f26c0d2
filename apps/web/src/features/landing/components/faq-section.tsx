import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';

const QUESTIONS = ['trial', 'today', 'import', 'pix', 'lgpd', 'languages', 'ai'] as const;

/** Native <details>: opens and closes with keyboard and screen readers, with no script. */
export function FaqSection() {
  const { t } = useTranslation();
  const appName = env.appName;
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-4">
      <div className="mx-auto max-w-3xl px-4 py-16">
        <h2 id="faq-title" className="mb-8 text-3xl font-bold">
          {t('public.home.faq.title')}
        </h2>
        <div className="flex flex-col gap-3">
          {QUESTIONS.map((question) => (
            <details key={question} className="collapse-arrow collapse border border-base-300 bg-base-100">
              <summary className="collapse-title font-semibold">
                {t(`public.home.faq.items.${question}.question`, { appName })}
              </summary>
              <div className="collapse-content">
                <p>{t(`public.home.faq.items.${question}.answer`, { appName })}</p>
              </div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
