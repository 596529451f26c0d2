import { DEFAULT_THEME, LANGUAGES, type Language, languageTag } from '@reformer/domain/preferences';
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { type Catalogs, createInMemoryI18n } from '@/i18n/in-memory-i18n.ts';
import { escapeHtml, replaceOnce } from '@/lib/html-template.ts';
import { documentTitle } from '@/lib/use-document-title.ts';
import { loadPortalCatalog } from './i18n.ts';
import { PortalApp } from './portal-app.tsx';

/**
 * Server-side entry, built by scripts/build.mjs (`vite build --ssr`) and run once at build time: the portal's
 * first state (its title and what it is for, the link opening) in each language, as static HTML a phone
 * shows before any JavaScript; main.tsx hydrates it. The server sends it by the visitor's language cookie,
 * as it sends the public pages (apps/server/src/app.ts).
 */

export type PortalShell = { language: Language; html: string };

/** Never answers: the shell is the state before the link's exchange has. */
const stillOpening = new Promise<never>(() => {});

function renderShell(language: Language, template: string, catalogs: Catalogs): string {
  const i18n = createInMemoryI18n(language, catalogs);
  const body = renderToString(
    <PortalApp
      i18n={i18n}
      queryClient={new QueryClient()}
      view={{ page: 'home' }}
      initialPreferences={{ language, theme: DEFAULT_THEME }}
      opening={stillOpening}
    />,
  );
  const replace = (html: string, pattern: RegExp, replacement: string) =>
    replaceOnce(html, pattern, replacement, 'portal.html');
  let html = replace(template, /<html lang="[^"]*"/, `<html lang="${languageTag(language)}"`);
  html = replace(
    html,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(documentTitle(i18n.t('portal.title')))}</title>`,
  );
  return replace(html, /<div id="root"><\/div>/, `<div id="root" data-language="${language}">${body}</div>`);
}

/** The built portal.html, rendered in every language. */
export async function renderPortalShells(template: string): Promise<PortalShell[]> {
  const catalogs: Catalogs = {};
  for (const language of LANGUAGES) catalogs[language] = await loadPortalCatalog(language);
  return LANGUAGES.map((language) => ({ language, html: renderShell(language, template, catalogs) }));
}
