import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
  /** False on the pre-rendered public pages: their `lang` is the language their HTML is written in. */
  appliesLanguage: boolean;
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
    else if (!savedLanguage) {
      // Nothing chosen yet: the first of the browser's languages we have (domain `preferredLanguage`).
      const asked = (navigator.languages || [navigator.language]).find((tag) =>
        /^(pt|en)([-_]|$)/i.test(tag),
      );
      if (asked && /^pt/i.test(asked)) tag = settings.languageTags.pt_BR ?? tag;
    }
  } catch {
    // Storage unavailable: defaults.
  }
  root.setAttribute('data-theme', theme);
  if (settings.appliesLanguage) root.setAttribute('lang', tag);
}

/**
 * Applies the saved theme and language before the first paint, so a dark-theme user never sees a light
 * flash. The lists come from the domain so this script and the app cannot disagree.
 */
function preferencesBootScript(): Plugin {
  const settings: Omit<BootSettings, 'appliesLanguage'> = {
    keys: PREFERENCE_KEYS,
    themes: THEMES,
    languageTags: Object.fromEntries(LANGUAGES.map((language) => [language, languageTag(language)])),
    defaultTheme: DEFAULT_THEME,
    defaultTag: languageTag(DEFAULT_LANGUAGE),
  };
  return {
    name: 'reformer-preferences-boot',
    transformIndexHtml: (_html, context) => {
      const appliesLanguage = !context.filename.endsWith(PUBLIC_SITE_HTML);
      const script = `(${applySavedPreferences.toString()})(${JSON.stringify({ ...settings, appliesLanguage })});`;
      return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
    },
  };
}

const PUBLIC_SITE_HTML = 'public-site.html';
/** The paths of the pre-rendered public pages (src/public-site/pages.ts), for the development server. */
const PUBLIC_SITE_PATHS = new Set(['/', '/about', '/privacy-policy']);

/**
 * Development only: `/`, `/about` and `/privacy-policy` get the public entry, as the built server sends
 * their pre-rendered pages (the app entry has no such routes).
 */
function publicSiteDevPages(): Plugin {
  return {
    name: 'reformer-public-site-dev-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split(/[?#]/)[0] ?? '';
        if (PUBLIC_SITE_PATHS.has(path)) request.url = `/${PUBLIC_SITE_HTML}`;
        next();
      });
    },
  };
}

/** The catalog sections the public pages use; their bundle carries these instead of the whole catalogs. */
const PUBLIC_CATALOG_SECTIONS = ['common', 'nav', 'preferences', 'public', 'themes'];
const PUBLIC_CATALOG_PREFIX = 'virtual:public-catalog/';

/**
 * `import('virtual:public-catalog/pt_BR')`: that language's catalog cut to the sections above, a module of
 * its own per language so a visitor downloads only the language they read.
 */
function publicCatalogs(): Plugin {
  const resolvedPrefix = `\0${PUBLIC_CATALOG_PREFIX}`;
  return {
    name: 'reformer-public-catalogs',
    resolveId: (id) => (id.startsWith(PUBLIC_CATALOG_PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(resolvedPrefix)) return undefined;
      const language = id.slice(resolvedPrefix.length);
      if (!(LANGUAGES as readonly string[]).includes(language)) {
        throw new Error(`${id}: no catalog for "${language}"`);
      }
      const file = fileURLToPath(new URL(`../../packages/domain/src/i18n/${language}.json`, import.meta.url));
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const cut = Object.fromEntries(PUBLIC_CATALOG_SECTIONS.map((section) => [section, catalog[section]]));
      return `export default ${JSON.stringify(cut)};`;
    },
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
    publicSiteDevPages(),
    publicCatalogs(),
  ],
  // One alias for apps/web/src, so imports across folders never climb with `../` (STYLE.md).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: {
    __APP_PACKAGE_VERSION__: JSON.stringify(packageJson.version ?? 'dev'),
  },
  server: {
    proxy: { '/api': { target: apiProxyTarget, changeOrigin: false } },
  },
});
