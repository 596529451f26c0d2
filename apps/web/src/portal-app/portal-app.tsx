import { type PortalLocation, portalPageAt } from '@reformer/domain/portal-pages';
import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/switchers/language-switcher.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { PortalOpening } from '@/features/portal/api/portal-api.ts';
import { portalBrandingQueryOptions } from '@/features/portal/api/portal-branding.ts';
import { PortalBrandHeader } from '@/features/portal/components/portal-brand-header.tsx';
import { PortalPage } from '@/features/portal/components/portal-page.tsx';
import { type Preferences, PreferencesProvider } from '@/lib/preferences.tsx';
import { brandStyle } from '@/lib/studio-brand.ts';
import { documentTitle } from '@/lib/use-document-title.ts';

// A receipt is a page of its own, opened from the payments: the home never downloads it.
const PortalReceiptPage = lazy(() =>
  import('@/features/portal/components/portal-receipt-page.tsx').then((m) => ({
    default: m.PortalReceiptPage,
  })),
);

/** What the portal shows at a path: one of its pages, or its own not-found. */
export type PortalView = PortalLocation | { page: 'notFound' };

export const portalViewAt = (path: string): PortalView => portalPageAt(path) ?? { page: 'notFound' };

const TITLE_KEYS = {
  home: 'portal.title',
  receipt: 'receipts.title',
  notFound: 'errorScreens.notFound.title',
} as const;

type PortalAppProps = {
  i18n: I18n;
  queryClient: QueryClient;
  view: PortalView;
  /** The page's language (the pre-rendered shell's) and the stored theme: what the first render shows. */
  initialPreferences: Preferences;
  /** The home's link exchange, started before the first render (main.tsx). */
  opening: Promise<PortalOpening>;
};

/**
 * The customer portal (decision 039), an entry of its own (portal.html, pre-rendered per language by
 * render.tsx): a customer has no staff account, so no staff router, menu or theme picker — the studio's brand
 * and a language switch. Links between its two pages are plain page loads.
 */
export function PortalApp({ i18n, queryClient, view, initialPreferences, opening }: PortalAppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <PreferencesProvider i18n={i18n} initial={initialPreferences}>
        <QueryClientProvider client={queryClient}>
          <PortalFrame view={view} opening={opening} />
        </QueryClientProvider>
      </PreferencesProvider>
    </I18nextProvider>
  );
}

function PortalFrame({ view, opening }: Pick<PortalAppProps, 'view' | 'opening'>) {
  const { t } = useTranslation();
  const outcome = useOpening(opening);
  const branding = useQuery({ ...portalBrandingQueryOptions(), enabled: outcome === 'OPEN' }).data;
  const title = documentTitle(t(TITLE_KEYS[view.page]), branding?.displayName);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="flex min-h-screen flex-col bg-base-200" style={brandStyle(branding?.accentColor ?? null)}>
      {/* A row of fixed height: the studio's logo arriving moves nothing below it. */}
      <header className="mx-auto flex h-16 w-full max-w-lg items-center justify-between gap-3 px-4">
        <PortalBrandHeader branding={branding} />
        <LanguageSwitcher />
      </header>
      <main id="main" className="flex flex-1 flex-col">
        {view.page === 'home' && <PortalPage outcome={outcome} />}
        {view.page === 'receipt' && (
          <Suspense fallback={<Spinner />}>
            <PortalReceiptPage paymentId={view.paymentId} />
          </Suspense>
        )}
        {view.page === 'notFound' && <PortalNotFound />}
      </main>
    </div>
  );
}

/** PENDING until the link's exchange has answered; the pre-rendered shell is this first state. */
function useOpening(opening: Promise<PortalOpening>): PortalOpening | 'PENDING' {
  const [outcome, setOutcome] = useState<PortalOpening | 'PENDING'>('PENDING');
  useEffect(() => {
    let isCurrent = true;
    void opening.then((answer) => {
      if (isCurrent) setOutcome(answer);
    });
    return () => {
      isCurrent = false;
    };
  }, [opening]);
  return outcome;
}

/** A path under /portal that is no page of it (the staff app's error screen would bring the staff router). */
function PortalNotFound() {
  const { t } = useTranslation();
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
      role="alert"
    >
      <h1 className="text-3xl font-bold">{t('errorScreens.notFound.title')}</h1>
      <p className="text-base-content/80">{t('errorScreens.notFound.body')}</p>
      <a href="/portal" className="btn btn-primary">
        {t('portalPayments.backToPortal')}
      </a>
    </section>
  );
}
