import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { env } from '../../../env.ts';

const AVAILABLE = ['accounts', 'organizations', 'roles', 'languages'] as const;

/** A simple, honest home page; the full landing page (doc 2 §2) comes in its own issue. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col">
      <section className="hero bg-base-200 py-16">
        <div className="hero-content max-w-3xl flex-col text-center">
          <p className="badge badge-outline">{t('public.home.eyebrow')}</p>
          <h1 className="text-4xl font-bold md:text-5xl">{t('public.home.title')}</h1>
          <p className="text-lg text-base-content/80">
            {t('public.home.subtitle', { appName: env.appName })}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link to="/sign-up" className="btn btn-primary">
              {t('public.home.primaryCta')}
            </Link>
            <Link to="/sign-in" className="btn btn-ghost">
              {t('public.home.secondaryCta')}
            </Link>
          </div>
        </div>
      </section>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-12 md:grid-cols-2">
        <section aria-labelledby="available-title">
          <h2 id="available-title" className="mb-3 text-2xl font-semibold">
            {t('public.home.availableTitle')}
          </h2>
          <ul className="list-disc space-y-2 pl-5">
            {AVAILABLE.map((item) => (
              <li key={item}>{t(`public.home.available.${item}`)}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="coming-title">
          <h2 id="coming-title" className="mb-3 text-2xl font-semibold">
            {t('public.home.comingTitle')}
          </h2>
          <p>{t('public.home.coming')}</p>
        </section>
      </div>
    </div>
  );
}
