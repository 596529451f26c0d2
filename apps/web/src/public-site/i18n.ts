import type { Language } from '@reformer/domain/preferences';

/** Each language's part of the catalog (vite.config.ts `catalogCuts`): only what the public pages say. */
const CATALOG_LOADERS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en_US: () => import('virtual:public-catalog/en_US'),
  pt_BR: () => import('virtual:public-catalog/pt_BR'),
};

export async function loadPublicCatalog(language: Language): Promise<Record<string, unknown>> {
  return (await CATALOG_LOADERS[language]()).default;
}
