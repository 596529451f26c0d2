import type { Language } from '@reformer/domain/preferences';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_OPTIONS } from '@/i18n/options.ts';

/** Each language's part of the catalog (vite.config.ts `catalogCuts`): what the portal says, nothing of staff's. */
const CATALOG_LOADERS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en_US: () => import('virtual:portal-catalog/en_US'),
  pt_BR: () => import('virtual:portal-catalog/pt_BR'),
};

export async function loadPortalCatalog(language: Language): Promise<Record<string, unknown>> {
  return (await CATALOG_LOADERS[language]()).default;
}

/** i18next's loading hook: a language is fetched when it is first shown (at start, or on a switch). */
const catalogBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, done) => {
    if (!(language in CATALOG_LOADERS)) return done(new Error(`no catalog for ${language}`), false);
    loadPortalCatalog(language as Language).then(
      (catalog) => done(null, catalog),
      (error: Error) => done(error, false),
    );
  },
};

/** Starts i18next in `language`; resolves once its catalog is in, so the first render is translated. */
export async function initPortalI18n(language: Language) {
  // No fallback language: both catalogs hold every key (packages/domain i18n.test.ts), and a fallback would be
  // a second catalog downloaded before the first render.
  await i18n
    .use(catalogBackend)
    .use(initReactI18next)
    .init({ ...I18N_OPTIONS, fallbackLng: false, lng: language });
  return i18n;
}
