import { parseLanguage } from '@reformer/domain/preferences';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readStoredPreferences } from '../lib/preferences.tsx';
import { createPublicI18n, loadPublicCatalog } from './i18n.ts';
import { isPublicPage, pageAtPath } from './pages.ts';
import { PublicSite } from './public-site.tsx';
import '../styles.css';

// The entry of `/`, `/about` and `/privacy-policy` (public-site.html). Built pages arrive pre-rendered
// (scripts/build.mjs) and name their page and language on #root; the development server sends the empty
// template, rendered here in the stored language.
const root = document.getElementById('root');
if (!root) throw new Error('public-site.html must contain <div id="root">');

const page = isPublicPage(root.dataset.page) ? root.dataset.page : (pageAtPath(location.pathname) ?? 'home');
const language = root.dataset.language
  ? parseLanguage(root.dataset.language)
  : readStoredPreferences().language;
// The pre-rendered page preloads its language's catalog (scripts/build.mjs), so this wait is short.
const i18n = createPublicI18n(language, { [language]: await loadPublicCatalog(language) });
const site = (
  <StrictMode>
    <PublicSite page={page} language={language} i18n={i18n} />
  </StrictMode>
);

if (root.firstElementChild) hydrateRoot(root, site);
else createRoot(root).render(site);
