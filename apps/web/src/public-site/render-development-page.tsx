import type { Language } from '@reformer/domain/preferences';
import { renderToString } from 'react-dom/server';
import { env } from '@/env.ts';
import { createInMemoryI18n } from '@/i18n/in-memory-i18n.ts';
import { loadPublicCatalog } from './i18n.ts';
import { type PublicPage, pageTitle, rootAttributes } from './pages.ts';
import { PublicSite } from './public-site.tsx';

/**
 * Development only (`npm run dev`, main.ts): the page as scripts/build.mjs pre-renders it — the same static
 * HTML and root attributes — so the islands are wired in development exactly as in the built site.
 */
export async function renderDevelopmentPage(root: HTMLElement, page: PublicPage, language: Language) {
  const i18n = createInMemoryI18n(language, { [language]: await loadPublicCatalog(language) });
  root.innerHTML = renderToString(<PublicSite page={page} language={language} i18n={i18n} />);
  Object.assign(root.dataset, rootAttributes(page, language, i18n.t));
  document.title = pageTitle(page, i18n.t, env.appName);
}
