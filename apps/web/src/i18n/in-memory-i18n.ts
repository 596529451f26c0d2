import type { Language } from '@reformer/domain/preferences';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18N_OPTIONS } from './options.ts';

export type Catalogs = Partial<Record<Language, Record<string, unknown>>>;

/**
 * An i18next of its own with the catalogs given, initialised synchronously so the first render is
 * translated: for pages rendered at build time (each render its own instance, both languages in one process)
 * and for the development server's copy of them.
 */
export function createInMemoryI18n(language: Language, catalogs: Catalogs): I18n {
  const i18n = createInstance();
  const resources = Object.fromEntries(
    Object.entries(catalogs).map(([code, catalog]) => [code, { translation: catalog }]),
  );
  void i18n.init({ ...I18N_OPTIONS, resources, lng: language, initAsync: false });
  return i18n;
}
