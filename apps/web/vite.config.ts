import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_THEME,
  LANGUAGES,
  languageTag,
  PREFERENCE_KEYS,
  parseLanguage,
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
      // The portal has no theme picker (the studio's colour, light or dark as the phone is set) and its
      // language is its pre-rendered shell's; the first read of browser storage in a fresh page costs a
      // phone tens of milliseconds before its first paint (bench/portal.mjs).
      if (context.filename.endsWith(PORTAL_HTML)) return undefined;
      const appliesLanguage = !context.filename.endsWith(PUBLIC_SITE_HTML);
      const script = `(${applySavedPreferences.toString()})(${JSON.stringify({ ...settings, appliesLanguage })});`;
      return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
    },
  };
}

const PUBLIC_SITE_HTML = 'public-site.html';
/** The paths of the pre-rendered public pages (src/public-site/pages.ts), for the development server. */
const PUBLIC_SITE_PATHS = new Set(['/', '/about', '/privacy-policy']);
/** The customer portal's entry (src/portal-app/): `/portal` and its receipts. */
const PORTAL_HTML = 'portal.html';
const isPortalPath = (path: string) => /^\/portal(\/|$)/.test(path);

/**
 * Development only: `/`, `/about` and `/privacy-policy` get the public entry and `/portal…` the portal's, as
 * the built server sends them (the app entry has no such routes).
 */
function entryDevPages(): Plugin {
  return {
    name: 'reformer-entry-dev-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split(/[?#]/)[0] ?? '';
        if (PUBLIC_SITE_PATHS.has(path)) request.url = `/${PUBLIC_SITE_HTML}`;
        else if (isPortalPath(path)) request.url = `/${PORTAL_HTML}`;
        next();
      });
    },
  };
}

/** The catalog sections the public pages use; their bundle carries these instead of the whole catalogs. */
const PUBLIC_CATALOG_SECTIONS = ['common', 'nav', 'preferences', 'public', 'themes'];
/**
 * The sections the customer portal says (src/portal-app/): its own, and those of the shared pieces it shows
 * (errors, forms, the address fields, the receipt, the health questionnaire's questions).
 */
const PORTAL_CATALOG_SECTIONS = [
  'common',
  'preferences',
  'auth',
  'errorScreens',
  'errors',
  'validation',
  'forms',
  'portal',
  'portalPayments',
  'portalProfile',
  'portalCalendar',
  'portalHealthQuestionnaire',
  'healthQuestionnaire',
  'medicalRecords',
  'contracts',
  'myClasses',
  'classLink',
  'waitlist',
  'makeUpCredits',
  'customerCredits',
  'customers',
  'receipts',
  'payments',
  'schedules',
];
const CATALOG_CUTS: Record<string, string[]> = {
  'virtual:public-catalog/': PUBLIC_CATALOG_SECTIONS,
  'virtual:portal-catalog/': PORTAL_CATALOG_SECTIONS,
};

/**
 * `import('virtual:public-catalog/pt_BR')` (or `virtual:portal-catalog/…`): that language's catalog cut to
 * the sections its entry says, a module of its own per language so a visitor downloads only the language
 * they read.
 */
function catalogCuts(): Plugin {
  const cutOf = (id: string) => Object.entries(CATALOG_CUTS).find(([prefix]) => id.startsWith(prefix));
  return {
    name: 'reformer-catalog-cuts',
    resolveId: (id) => (cutOf(id) ? `\0${id}` : undefined),
    load(id) {
      const cut = id.startsWith('\0') ? cutOf(id.slice(1)) : undefined;
      if (!cut) return undefined;
      const [prefix, sections] = cut;
      const language = id.slice(prefix.length + 1);
      if (!(LANGUAGES as readonly string[]).includes(language)) {
        throw new Error(`${id}: no catalog for "${language}"`);
      }
      const file = fileURLToPath(new URL(`../../packages/domain/src/i18n/${language}.json`, import.meta.url));
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const missing = sections.filter((section) => !(section in catalog));
      if (missing.length > 0) throw new Error(`${id}: the catalog has no section ${missing.join(', ')}`);
      return `export default ${JSON.stringify(Object.fromEntries(sections.map((section) => [section, catalog[section]])))};`;
    },
  };
}

type PortalStartup = { entry: string; imports: string[]; catalogsByTag: Record<string, string> };

/** Runs at the end of the portal's page: plain, dependency-free browser code (portalStartup). */
function startPortal({ entry, imports, catalogsByTag }: PortalStartup): void {
  // After the pre-rendered shell's first paint: nothing the portal downloads or runs comes before it.
  requestAnimationFrame(() => {
    const catalog = catalogsByTag[document.documentElement.lang];
    for (const href of [...imports, ...(catalog ? [catalog] : [])]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.body.appendChild(script);
  });
}

/**
 * How a phone opens the portal: the pre-rendered shell paints first; then its module, the chunks it imports and
 * the reader's language's catalog (a chunk per language, which the module would only ask for once it had run)
 * are fetched at once, side by side (bench/portal.mjs).
 */
function portalStartup(): Plugin {
  return {
    name: 'reformer-portal-startup',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        if (!context.filename.endsWith(PORTAL_HTML) || !context.bundle) return undefined;
        const catalogsByTag: Record<string, string> = {};
        let entry: string | undefined;
        for (const output of Object.values(context.bundle)) {
          if (output.type !== 'chunk') continue;
          if (output.isEntry) entry = `/${output.fileName}`;
          const language = output.facadeModuleId?.match(/virtual:portal-catalog\/(\w+)$/)?.[1];
          if (language) catalogsByTag[languageTag(parseLanguage(language))] = `/${output.fileName}`;
        }
        if (!entry || Object.keys(catalogsByTag).length !== LANGUAGES.length)
          throw new Error(
            `portal.html: expected an entry and a catalog per language, found ${entry}, ${JSON.stringify(catalogsByTag)}`,
          );
        const tag = `<script type="module" crossorigin src="${entry}"></script>`;
        if (!html.includes(tag)) throw new Error(`portal.html: expected ${tag}`);
        const preloads = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
        const imports = [...html.matchAll(preloads)].map((match) => match[1] as string);
        const startup: PortalStartup = { entry, imports, catalogsByTag };
        return {
          html: html.replace(tag, '').replace(preloads, ''),
          tags: [
            {
              tag: 'script',
              children: `(${startPortal.toString()})(${JSON.stringify(startup)});`,
              injectTo: 'body',
            },
          ],
        };
      },
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
    entryDevPages(),
    catalogCuts(),
    portalStartup(),
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
