import { LANGUAGES, type Language, languageTag } from '@reformer/domain/preferences';
import { renderToString } from 'react-dom/server';
import { env } from '@/env.ts';
import { type Catalogs, createInMemoryI18n } from '@/i18n/in-memory-i18n.ts';
import { escapeHtml, replaceOnce as replaceOnceIn } from '@/lib/html-template.ts';
import { loadPublicCatalog } from './i18n.ts';
import { PUBLIC_PAGE_NAMES, PUBLIC_PAGES, type PublicPage, pageTitle, rootAttributes } from './pages.ts';
import { PublicSite } from './public-site.tsx';

/**
 * Server-side entry, built by scripts/build.mjs (`vite build --ssr`) and run once at build time: every
 * public page in every language, as static HTML the browser shows before any JavaScript — and the only
 * rendering they get: the browser runs no React on them (main.ts).
 */

export type PrerenderedPage = { language: Language; file: string; html: string };

const replaceOnce = (template: string, pattern: RegExp, replacement: string) =>
  replaceOnceIn(template, pattern, replacement, 'public-site.html');

const kebabCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function renderPublicPage(page: PublicPage, language: Language, template: string, catalogs: Catalogs) {
  const i18n = createInMemoryI18n(language, catalogs);
  const body = renderToString(<PublicSite page={page} language={language} i18n={i18n} />);
  let html = replaceOnce(template, /<html lang="[^"]*"/, `<html lang="${languageTag(language)}"`);
  html = replaceOnce(
    html,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(pageTitle(page, i18n.t, env.appName))}</title>`,
  );
  const attributes = Object.entries(rootAttributes(page, language, i18n.t))
    .map(([name, value]) => ` data-${kebabCase(name)}="${escapeHtml(value)}"`)
    .join('');
  return replaceOnce(html, /<div id="root">\s*<\/div>/, `<div id="root"${attributes}>${body}</div>`);
}

/** The built public-site.html, rendered into every page and language. */
export async function renderPublicPages(template: string): Promise<PrerenderedPage[]> {
  const catalogs: Catalogs = {};
  for (const language of LANGUAGES) catalogs[language] = await loadPublicCatalog(language);
  return LANGUAGES.flatMap((language) =>
    PUBLIC_PAGE_NAMES.map((page) => ({
      language,
      file: PUBLIC_PAGES[page].file,
      html: renderPublicPage(page, language, template, catalogs),
    })),
  );
}
