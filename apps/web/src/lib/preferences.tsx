import {
  type Language,
  languageTag,
  PREFERENCE_KEYS,
  parseLanguage,
  parseTheme,
  type Theme,
} from '@reformer/domain/preferences';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { i18n } from '../i18n/index.ts';

/** Language and theme preferences (spec doc 2 §4): applied at once, kept in browser storage. */

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode, policy): the defaults apply
  }
}

function store(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // The choice still applies for this visit.
  }
}

export function readLanguagePreference(): Language {
  return parseLanguage(readStored(PREFERENCE_KEYS.language));
}

export function readThemePreference(): Theme {
  return parseTheme(readStored(PREFERENCE_KEYS.theme));
}

type PreferencesValue = {
  language: Language;
  theme: Theme;
  setLanguage: (language: Language) => void;
  setTheme: (theme: Theme) => void;
};

const PreferencesContext = createContext<PreferencesValue | null>(null);

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState(readLanguagePreference);
  const [theme, setThemeState] = useState(readThemePreference);

  useEffect(() => {
    document.documentElement.lang = languageTag(language);
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [language]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const setLanguage = useCallback((value: Language) => {
    store(PREFERENCE_KEYS.language, value);
    setLanguageState(value);
  }, []);

  const setTheme = useCallback((value: Theme) => {
    store(PREFERENCE_KEYS.theme, value);
    setThemeState(value);
  }, []);

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
