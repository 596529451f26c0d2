import {
  type Language,
  languageTag,
  PREFERENCE_KEYS,
  parseLanguage,
  parseTheme,
  preferredLanguage,
  type Theme,
} from '@reformer/domain/preferences';
import type { i18n as I18n } from 'i18next';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

/**
 * Language and theme preferences (spec doc 2 §4): applied at once, kept in browser storage. Shared by the
 * app and the pre-rendered public pages, so it imports no catalog: each entry passes its own i18next.
 */

export type Preferences = { language: Language; theme: Theme };

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

/**
 * The server picks the pre-rendered public page by this cookie (apps/server/src/app.ts), so a visitor
 * gets their language in the HTML itself. Browser storage stays the source of truth; the cookie mirrors it.
 */
function mirrorLanguageCookie(language: Language): void {
  const cookie = `${PREFERENCE_KEYS.language}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
  if (!document.cookie.split('; ').includes(`${PREFERENCE_KEYS.language}=${language}`)) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from browsers still in use (Safari before 18.4, Firefox before 140).
    document.cookie = cookie;
  }
}

export function readStoredPreferences(): Preferences {
  return {
    // Nothing chosen yet: the browser's language when we have it (a first visit in Portuguese is in Portuguese).
    language: readStored(PREFERENCE_KEYS.language)
      ? parseLanguage(readStored(PREFERENCE_KEYS.language))
      : preferredLanguage(navigator.languages ?? [navigator.language]),
    theme: parseTheme(readStored(PREFERENCE_KEYS.theme)),
  };
}

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
