import enUS from '@reformer/domain/i18n/en_US.json';
import ptBR from '@reformer/domain/i18n/pt_BR.json';
import type { Language } from '@reformer/domain/preferences';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_OPTIONS } from './options.ts';

export const resources = {
  en_US: { translation: enUS },
  pt_BR: { translation: ptBR },
} as const;

/** Starts i18next in the saved language so the first render is already in it. */
export function initI18n(language: Language): typeof i18n {
  void i18n.use(initReactI18next).init({ ...I18N_OPTIONS, resources, lng: language });
  return i18n;
}

export { i18n };
