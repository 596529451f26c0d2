import type { Language } from '@reformer/domain/preferences';
import { type BackendModule, createInstance, type i18n as I18n } from 'i18next';
import { I18N_OPTIONS } from '../i18n/options.ts';

export type PublicCatalogs = Partial<Record<Language, Record<string, unknown>>>;

/** Each language's catalog is a chunk of its own: a visitor downloads the one they read. */
const CATALOG_LOADERS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en_US: () => import('virtual:public-catalog/en_US'),
  pt_BR: () => import('virtual:public-catalog/pt_BR'),
};

export async function loadPublicCatalog(language: Language): Promise<Record<string, unknown>> {
  return (await CATALOG_LOADERS[language]()).default;
}

/** Fetches a language's catalog when the visitor switches to it. */
const lazyCatalogs: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    loadPublicCatalog(language as Language).then(
      (catalog) => callback(null, catalog),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * An i18next of its own per page render (the build renders both languages in one process), starting with
 * the catalogs given; any other language is loaded when it is switched to.
 */
export function createPublicI18n(language: Language, catalogs: PublicCatalogs): I18n {
  const i18n = createInstance();
  const resources = Object.fromEntries(
    Object.entries(catalogs).map(([code, catalog]) => [code, { translation: catalog }]),
  );
  void i18n.use(lazyCatalogs).init({
    ...I18N_OPTIONS,
    resources,
    partialBundledLanguages: true,
    lng: language,
    // The given catalogs are in memory: initialise synchronously, so the first render is translated.
    initAsync: false,
  });
  return i18n;
}
