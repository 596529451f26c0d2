import { DEFAULT_LANGUAGE, LANGUAGES } from '@reformer/domain/preferences';
import type { InitOptions } from 'i18next';

/** The i18next settings of both entries (the app and the pre-rendered public pages); only catalogs differ. */
export const I18N_OPTIONS = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Our language codes use an underscore (en_US); never try to load a bare "en".
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
} satisfies InitOptions;
