import { readFileSync } from 'node:fs';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_THEME,
  LANGUAGES,
  languageTag,
  PREFERENCE_KEYS,
  THEMES,
} from '@reformer/domain/preferences';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// This config imports TypeScript from the domain workspace package, so package.json runs Vite with
// `--configLoader runner` (the default bundling loader leaves workspace packages to Node, which cannot
// load .ts files).

/** Where `/api` goes in development; the built app is served by the API server itself (same origin). */
const apiProxyTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version?: string;
};

type BootSettings = {
  keys: { theme: string; language: string };
  themes: readonly string[];
  languageTags: Record<string, string>;
  defaultTheme: string;
  defaultTag: string;
};

/** Runs in the page, inlined before anything else: it must stay plain, dependency-free browser code. */
function applySavedPreferences(settings: BootSettings): void {
  const root = document.documentElement;
  let theme = settings.defaultTheme;
  let tag = settings.defaultTag;
  try {
    const savedTheme = localStorage.getItem(settings.keys.theme);
    const savedLanguage = localStorage.getItem(settings.keys.language);
    if (savedTheme && settings.themes.includes(savedTheme)) theme = savedTheme;
    if (savedLanguage && settings.languageTags[savedLanguage]) tag = settings.languageTags[savedLanguage];
  } catch {
    // Storage unavailable: defaults.
  }
  root.setAttribute('data-theme', theme);
  root.setAttribute('lang', tag);
}

/**
 * Applies the saved theme and language before the first paint, so a dark-theme user never sees a light
 * flash. The lists come from the domain so this script and the app cannot disagree.
 */
function preferencesBootScript(): Plugin {
  const settings: BootSettings = {
    keys: PREFERENCE_KEYS,
    themes: THEMES,
    languageTags: Object.fromEntries(LANGUAGES.map((language) => [language, languageTag(language)])),
    defaultTheme: DEFAULT_THEME,
    defaultTag: languageTag(DEFAULT_LANGUAGE),
  };
  const script = `(${applySavedPreferences.toString()})(${JSON.stringify(settings)});`;
  return {
    name: 'reformer-preferences-boot',
    transformIndexHtml: () => [{ tag: 'script', children: script, injectTo: 'head-prepend' }],
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too, so the public pages never download what only the app's loaders need.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    tailwindcss(),
    preferencesBootScript(),
  ],
  define: {
    __APP_PACKAGE_VERSION__: JSON.stringify(packageJson.version ?? 'dev'),
  },
  server: {
    proxy: { '/api': { target: apiProxyTarget, changeOrigin: false } },
  },
});
