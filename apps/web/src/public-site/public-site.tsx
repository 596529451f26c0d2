import { DEFAULT_THEME, type Language } from '@reformer/domain/preferences';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { PublicLayout } from '@/components/layouts/public-layout.tsx';
import { AboutPage } from '@/features/landing/components/about-page.tsx';
import { HomePage } from '@/features/landing/components/home-page.tsx';
import { PrivacyPolicyPage } from '@/features/landing/components/privacy-policy-page.tsx';
import { type Preferences, PreferencesProvider } from '@/lib/preferences.tsx';
import { PUBLIC_PAGES, type PublicPage } from './pages.ts';

type PublicSiteProps = { page: PublicPage; language: Language; i18n: I18n };

/**
 * One public page, rendered to static HTML at build time in the page's language and the default theme; in
 * the browser nothing re-renders it (main.ts wires its few interactive parts), so it is drawn for a visitor
 * without a session: islands/session-links.ts retargets "Access App" for one who has.
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
  return (
    <PublicLayout isSignedIn={false} currentPath={PUBLIC_PAGES[page].path}>
      {page === 'home' && <HomePage />}
      {page === 'about' && <AboutPage />}
      {page === 'privacyPolicy' && <PrivacyPolicyPage />}
    </PublicLayout>
  );
}
