import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';
import { AVAILABLE_FEATURES, COMING_FEATURES } from '../product-claims.ts';

type ComingTexts = Record<string, { title: string; text: string } | undefined>;

/**
 * What the product does, then what is being built — both lists are data (../product-claims.ts) that a test
 * holds to the API: a feature listed here works, and a coming one does not exist yet.
 */
export function FeaturesSection() {
  const { t } = useTranslation();
  const appName = env.appName;
  // Read as one object: while nothing is coming the catalogs' `items` is empty, so its keys have no type to
  // name (the server's public-site-claims test holds every listed id to its title and text).
  const comingTexts = t('public.home.coming.items', { returnObjects: true, appName }) as ComingTexts;
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-4">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-title" className="mb-3 text-3xl font-bold">
          {t('public.home.features.title', { appName })}
        </h2>
        <p className="mb-10 max-w-prose text-lg">{t('public.home.features.subtitle')}</p>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {AVAILABLE_FEATURES.map(({ id }) => (
            <li key={id} className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm">
              <h3 className="mb-2 font-semibold">{t(`public.home.features.items.${id}.title`)}</h3>
              <p>{t(`public.home.features.items.${id}.text`)}</p>
            </li>
          ))}
        </ul>
        {COMING_FEATURES.length > 0 && (
          <div className="mt-12">
            <h3 id="coming-title" className="mb-2 text-xl font-semibold">
              {t('public.home.coming.title')}
            </h3>
            <p className="mb-4 max-w-prose">{t('public.home.coming.subtitle')}</p>
            <ul aria-labelledby="coming-title" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {COMING_FEATURES.map(({ id }) => (
                <li key={id} className="rounded-box border border-dashed border-base-content/40 p-5">
                  <h4 className="mb-2 font-semibold">{comingTexts[id]?.title}</h4>
                  <p>{comingTexts[id]?.text}</p>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
