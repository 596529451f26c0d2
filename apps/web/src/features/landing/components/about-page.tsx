import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';

const WORKS_TODAY = ['schedules', 'payments', 'records', 'clients', 'team'] as const;
const PRINCIPLES = ['honest', 'privacy', 'brazil'] as const;

export function AboutPage() {
  const { t } = useTranslation();
  const appName = env.appName;
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-10 px-4 py-12">
      <header>
        <h1 className="mb-4 text-4xl font-bold">{t('public.about.title', { appName })}</h1>
        <p className="text-lg">{t('public.about.intro', { appName })}</p>
      </header>
      <section aria-labelledby="about-mission">
        <h2 id="about-mission" className="mb-2 text-2xl font-semibold">
          {t('public.about.missionTitle')}
        </h2>
        <p>{t('public.about.mission')}</p>
      </section>
      <section aria-labelledby="about-who">
        <h2 id="about-who" className="mb-2 text-2xl font-semibold">
          {t('public.about.whoTitle')}
        </h2>
        <p>{t('public.about.who', { appName })}</p>
      </section>
      <section aria-labelledby="about-today">
        <h2 id="about-today" className="mb-2 text-2xl font-semibold">
          {t('public.about.todayTitle')}
        </h2>
        <ul className="list-disc space-y-1 pl-5">
          {WORKS_TODAY.map((item) => (
            <li key={item}>{t(`public.about.today.${item}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="about-principles">
        <h2 id="about-principles" className="mb-4 text-2xl font-semibold">
          {t('public.about.principlesTitle')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {PRINCIPLES.map((principle) => (
            <li key={principle} className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
              <h3 className="mb-2 font-semibold">{t(`public.about.principles.${principle}.title`)}</h3>
              <p>{t(`public.about.principles.${principle}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="about-cta" className="rounded-box bg-base-200 p-6 text-center">
        <h2 id="about-cta" className="mb-2 text-2xl font-semibold">
          {t('public.about.ctaTitle')}
        </h2>
        <p className="mb-4">{t('public.about.ctaText')}</p>
        <a href="/sign-up" className="btn btn-primary">
          {t('nav.startNow')}
        </a>
      </section>
    </article>
  );
}
