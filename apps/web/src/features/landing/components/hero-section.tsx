import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';

export function HeroSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="hero-title" className="bg-base-200">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 lg:grid-cols-[3fr_2fr] lg:py-24">
        <div className="flex flex-col items-start gap-6">
          <p className="badge badge-outline">{t('public.home.hero.eyebrow')}</p>
          <h1 id="hero-title" className="text-4xl leading-tight font-bold text-balance sm:text-5xl">
            {t('public.home.hero.title')}
          </h1>
          <p className="max-w-prose text-lg">{t('public.home.hero.subtitle', { appName: env.appName })}</p>
          <div className="flex flex-wrap gap-3">
            <a href="/sign-up" className="btn btn-primary">
              {t('public.home.hero.startTrial')}
            </a>
            {/* Disabled in the HTML: the tour needs the page's script, which enables it
                (src/public-site/islands/product-tour.ts). */}
            <button type="button" className="btn btn-outline" aria-haspopup="dialog" disabled data-tour-open>
              <PlayIcon />
              {t('public.home.hero.watchDemo')}
            </button>
          </div>
          <p className="text-sm">{t('public.home.hero.note')}</p>
        </div>
        <CustomerSearchPreview />
      </div>
    </section>
  );
}

/** A drawn, decorative glimpse of the customers screen (no image to download, nothing that shifts). */
function CustomerSearchPreview() {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="rounded-box border border-base-300 bg-base-100 p-5 shadow-xl">
      <div className="mb-4 flex gap-1.5">
        <span className="h-3 w-3 rounded-full bg-base-300" />
        <span className="h-3 w-3 rounded-full bg-base-300" />
        <span className="h-3 w-3 rounded-full bg-base-300" />
      </div>
      <p className="mb-3 text-lg font-semibold">{t('public.home.preview.title')}</p>
      <div className="mb-3 flex items-center gap-2 rounded-field border border-base-300 px-3 py-2">
        <SearchIcon />
        <span>{t('public.home.preview.query')}</span>
      </div>
      <div className="flex items-center justify-between gap-3 rounded-box bg-base-200 p-3">
        <div>
          <p className="font-medium">João Pereira</p>
          <p className="text-sm">{t('public.home.preview.plan')}</p>
        </div>
        <span className="badge badge-success">{t('public.home.preview.status')}</span>
      </div>
      <p className="mt-3 text-sm">{t('public.home.preview.caption')}</p>
    </div>
  );
}

function PlayIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
    </svg>
  );
}

function SearchIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="11" cy="11" r="7" />
      <path strokeLinecap="round" d="m20 20-3.5-3.5" />
    </svg>
  );
}
