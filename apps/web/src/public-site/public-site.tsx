import { DEFAULT_THEME, type Language } from '@reformer/domain/preferences';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { PublicLayout } from '../components/layouts/public-layout.tsx';
import { env } from '../env.ts';
import { AboutPage } from '../features/landing/components/about-page.tsx';
import { HomePage } from '../features/landing/components/home-page.tsx';
import { PrivacyPolicyPage } from '../features/landing/components/privacy-policy-page.tsx';
import { type Preferences, PreferencesProvider } from '../lib/preferences.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { PUBLIC_PAGES, type PublicPage, pageTitle } from './pages.ts';
import { useIsSignedIn } from './use-is-signed-in.ts';

type PublicSiteProps = { page: PublicPage; language: Language; i18n: I18n };

/**
 * One public page, as pre-rendered at build time and hydrated in the browser: both render this same tree,
 * starting from the page's language and the default theme; the stored preferences are adopted after.
 */
export function PublicSite({ page, language, i18n }: PublicSiteProps) {
  const [initial] = useState<Preferences>(() => ({ language, theme: DEFAULT_THEME }));
  return (
    <I18nextProvider i18n={i18n}>
      <PreferencesProvider i18n={i18n} initial={initial}>
        <PublicPageContent page={page} />
      </PreferencesProvider>
    </I18nextProvider>
  );
}

function PublicPageContent({ page }: { page: PublicPage }) {
  const { t } = useTranslation();
  const isSignedIn = useIsSignedIn();
  useDocumentTitle(pageTitle(page, t, env.appName));
  return (
    <PublicLayout isSignedIn={isSignedIn} currentPath={PUBLIC_PAGES[page].path}>
      {page === 'home' && <HomePage isSignedIn={isSignedIn} />}
      {page === 'about' && <AboutPage />}
      {page === 'privacyPolicy' && <PrivacyPolicyPage />}
    </PublicLayout>
  );
}
