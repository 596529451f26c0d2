import {
  type Language,
  PREFERENCE_KEYS,
  parseLanguage,
  parseTheme,
  preferredLanguage,
  type Theme,
} from '@reformer/domain/preferences';

/**
 * Where the language and theme preferences are kept (spec doc 2 §4): browser storage, with the language
 * mirrored in a cookie for the server. Plain functions with no React, shared by the app's PreferencesProvider
 * (./preferences.tsx) and the public pages' switches (src/public-site/islands/), which load no React.
 */

export type Preferences = { language: Language; theme: Theme };

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode, policy): the defaults apply
  }
}

export function store(key: string, value: string): void {
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
export function mirrorLanguageCookie(language: Language): void {
  const cookie = `${PREFERENCE_KEYS.language}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
  if (!hasLanguageCookie(language)) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from browsers still in use (Safari before 18.4, Firefox before 140).
    document.cookie = cookie;
  }
}

/** Whether the cookie already names this language (false too when the browser refuses cookies). */
export function hasLanguageCookie(language: Language): boolean {
  return document.cookie.split('; ').includes(`${PREFERENCE_KEYS.language}=${language}`);
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
