import { useTranslation } from 'react-i18next';

/** "Access App" leads to sign-in in the HTML; the page's script sends a signed-in visitor to the app. */
export function CallToActionSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="cta-title" className="bg-neutral text-neutral-content">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-5 px-4 py-16 text-center">
        <h2 id="cta-title" className="text-3xl font-bold">
          {t('public.home.cta.title')}
        </h2>
        <p className="text-lg">{t('public.home.cta.text')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <a href="/sign-up" className="btn btn-primary">
            {t('nav.startNow')}
          </a>
          <a href="/sign-in" className="btn btn-outline border-neutral-content text-neutral-content">
            {t('nav.accessApp')}
          </a>
        </div>
      </div>
    </section>
  );
}
