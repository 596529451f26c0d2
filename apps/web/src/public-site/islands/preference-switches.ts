import {
  LANGUAGES,
  type Language,
  PREFERENCE_KEYS,
  parseLanguage,
  parseTheme,
  THEMES,
} from '@reformer/domain/preferences';
import {
  hasLanguageCookie,
  mirrorLanguageCookie,
  readStored,
  readStoredPreferences,
  store,
} from '@/lib/preference-storage.ts';

/** The header's <select> whose options are exactly these values (the shared switchers' markup). */
function findSelect(values: readonly string[]): HTMLSelectElement | undefined {
  return Array.from(document.querySelectorAll('select')).find(
    (select) =>
      select.options.length === values.length &&
      Array.from(select.options).every((option) => values.includes(option.value)),
  );
}

/**
 * Each language has its own pre-rendered HTML, which the server picks by the language cookie: switching is
 * storing the choice, mirroring it in the cookie and loading the page again — the visitor downloads the
 * page in their language instead of a catalog and a renderer to rewrite this one.
 */
function switchLanguage(language: Language): void {
  store(PREFERENCE_KEYS.language, language);
  mirrorLanguageCookie(language);
  // A browser refusing cookies would get the same page back, again and again: stay.
  if (hasLanguageCookie(language)) window.location.reload();
}

/**
 * The language and theme switches of the pre-rendered header. Their HTML arrives disabled (it cannot act
 * before this script), showing the page's language and the default theme; the boot script of vite.config.ts
 * has already applied the stored theme to the page, and the switch now shows it.
 */
export function wirePreferenceSwitches(pageLanguage: Language): void {
  const languageSelect = findSelect(LANGUAGES);
  const themeSelect = findSelect(THEMES);
  if (!languageSelect || !themeSelect) throw new Error('The public header has no language or theme switch');

  // A language chosen elsewhere (the app's settings) whose cookie is missing: this page is the wrong one.
  const storedLanguage = readStored(PREFERENCE_KEYS.language);
  if (storedLanguage !== null && parseLanguage(storedLanguage) !== pageLanguage) {
    switchLanguage(parseLanguage(storedLanguage));
  } else {
    mirrorLanguageCookie(pageLanguage);
  }

  languageSelect.value = pageLanguage;
  languageSelect.disabled = false;
  languageSelect.addEventListener('change', () => switchLanguage(parseLanguage(languageSelect.value)));

  themeSelect.value = readStoredPreferences().theme;
  themeSelect.disabled = false;
  themeSelect.addEventListener('change', () => {
    const theme = parseTheme(themeSelect.value);
    store(PREFERENCE_KEYS.theme, theme);
    document.documentElement.dataset.theme = theme;
  });
}
