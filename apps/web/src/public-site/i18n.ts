import type { Language } from '@reformer/domain/preferences';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18N_OPTIONS } from '@/i18n/options.ts';

export type PublicCatalogs = Partial<Record<Language, Record<string, unknown>>>;

/** Each language's part of the catalog (vite.config.ts `publicCatalogs`): only what the public pages say. */
const CATALOG_LOADERS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en_US: () => import('virtual:public-catalog/en_US'),
  pt_BR: () => import('virtual:public-catalog/pt_BR'),
};

export async function loadPublicCatalog(language: Language): Promise<Record<string, unknown>> {
  return (await CATALOG_LOADERS[language]()).default;
}

/**
 * An i18next of its own per page render (the build renders both languages in one process) with the catalogs
 * given. The browser never runs it on a built page: each language is a pre-rendered page of its own.
 */
export function createPublicI18n(language: Language, catalogs: PublicCatalogs): I18n {
  const i18n = createInstance();
  const resources = Object.fromEntries(
    Object.entries(catalogs).map(([code, catalog]) => [code, { translation: catalog }]),
  );
  void i18n.init({
    ...I18N_OPTIONS,
    resources,
    lng: language,
    // The given catalogs are in memory: initialise synchronously, so the first render is translated.
    initAsync: false,
  });
  return i18n;
}
