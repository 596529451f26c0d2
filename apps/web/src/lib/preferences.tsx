import {
  type Language,
  languageTag,
  PREFERENCE_KEYS,
  parseLanguage,
  type Theme,
} from '@reformer/domain/preferences';
import type { i18n as I18n } from 'i18next';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import {
  mirrorLanguageCookie,
  type Preferences,
  readStored,
  readStoredPreferences,
  store,
} from './preference-storage.ts';

/**
 * Language and theme preferences (spec doc 2 §4): applied at once, kept in browser storage
 * (./preference-storage.ts). Shared by the app and the pre-rendering of the public pages, so it imports no
 * catalog: each entry passes its own i18next.
 */

export { type Preferences, readStoredPreferences };

type PreferencesValue = Preferences & {
  setLanguage: (language: Language) => void;
  setTheme: (theme: Theme) => void;
};

const PreferencesContext = createContext<PreferencesValue | null>(null);

type PreferencesProviderProps = {
  i18n: I18n;
  /** What the first render shows: the stored preferences, or a pre-rendered page's (hydration must match). */
  initial: Preferences;
  children: ReactNode;
};

/**
 * The boot script of index.html / public-site.html (vite.config.ts) applies the stored theme before the
 * first paint, so the DOM is only written here when the user changes a preference; on mount the state
 * adopts the stored values (a pre-rendered page starts from its own language and the default theme).
 */
export function PreferencesProvider({ i18n, initial, children }: PreferencesProviderProps) {
  const [language, setLanguageState] = useState(initial.language);
  const [theme, setThemeState] = useState(initial.theme);

  const setLanguage = useCallback(
    (value: Language) => {
      store(PREFERENCE_KEYS.language, value);
      mirrorLanguageCookie(value);
      document.documentElement.lang = languageTag(value);
      if (i18n.language !== value) void i18n.changeLanguage(value);
      setLanguageState(value);
    },
    [i18n],
  );

  const setTheme = useCallback((value: Theme) => {
    store(PREFERENCE_KEYS.theme, value);
    document.documentElement.dataset.theme = value;
    setThemeState(value);
  }, []);

  useEffect(() => {
    setThemeState(readStoredPreferences().theme);
    // Nothing stored (storage disabled or cleared): the page's language, which the cookie chose, stays.
    const storedLanguage = readStored(PREFERENCE_KEYS.language);
    const language = storedLanguage === null ? initial.language : parseLanguage(storedLanguage);
    if (language === initial.language) mirrorLanguageCookie(language);
    else setLanguage(language);
  }, [initial.language, setLanguage]);

  const value = useMemo(
    () => ({ language, theme, setLanguage, setTheme }),
    [language, theme, setLanguage, setTheme],
  );
  return <PreferencesContext value={value}>{children}</PreferencesContext>;
}

/** The language and theme preferences; only inside `<PreferencesProvider>`. */
export function usePreferences(): PreferencesValue {
  const value = useContext(PreferencesContext);
  if (!value) {
    throw new Error('usePreferences() must be used inside <PreferencesProvider>; wrap the app with it.');
  }
  return value;
}
