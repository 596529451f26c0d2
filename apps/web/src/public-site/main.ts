import { parseLanguage } from '@reformer/domain/preferences';
import { readStoredPreferences } from '@/lib/preference-storage.ts';
import { wireHeaderMenu } from './islands/header-menu.ts';
import { wirePreferenceSwitches } from './islands/preference-switches.ts';
import { wireProductTour } from './islands/product-tour.ts';
import { retargetSessionLinks } from './islands/session-links.ts';
import { isPublicPage, pageAtPath } from './pages.ts';
import './public-site.css';

// The entry of `/`, `/about` and `/privacy-policy` (public-site.html). The built pages arrive pre-rendered
// (scripts/build.mjs) with their CSS inline and name their page and language on #root; nothing is hydrated.
// This script only wires the few parts that act (docs/decisions/006): the language and theme switches, the
// header's menu, the tour and the "Access App" links — no React, no catalog in the browser.
const root = document.getElementById('root');
if (!root) throw new Error('public-site.html must contain <div id="root">');

// The development server sends the bare template: render the page as the build would, in the stored language.
if (import.meta.env.DEV && !root.firstElementChild) {
  const { renderDevelopmentPage } = await import('./render-development-page.tsx');
  const page = pageAtPath(location.pathname) ?? 'home';
  await renderDevelopmentPage(root, page, readStoredPreferences().language);
}

if (!isPublicPage(root.dataset.page)) throw new Error('#root does not name a public page');
wirePreferenceSwitches(parseLanguage(root.dataset.language));
wireHeaderMenu();
wireProductTour();
void retargetSessionLinks(root.dataset.accessAppLabel ?? '');
