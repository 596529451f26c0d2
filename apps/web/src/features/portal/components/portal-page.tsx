import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { describeError } from '@/lib/error-messages.ts';
import {
  hasSomethingToBookWith,
  type PortalOpening,
  portalHomeQueryOptions,
  useSignOut,
} from '../api/portal-api.ts';
import { PortalClasses } from './portal-classes.tsx';
import { PortalDeferredSection } from './portal-deferred-section.tsx';
import { PortalWallet } from './portal-wallet.tsx';

/*
 * The first screen is the customer's classes; the parts below it (and their forms, QR codes and phone
 * rules) load after it has shown, so a phone on a slow network sees its classes first (bench/portal.mjs).
 */
const PortalBooking = lazy(() => import('./portal-booking.tsx').then((m) => ({ default: m.PortalBooking })));
const PortalPayments = lazy(() =>
  import('./portal-payments.tsx').then((m) => ({ default: m.PortalPayments })),
);
const PortalHealthQuestionnaire = lazy(() =>
  import('./portal-health-questionnaire.tsx').then((m) => ({ default: m.PortalHealthQuestionnaire })),
);
const PortalProfileSections = lazy(() =>
  import('./portal-profile-sections.tsx').then((m) => ({ default: m.PortalProfileSections })),
);
const PortalContractSection = lazy(() =>
  import('./portal-contract.tsx').then((m) => ({ default: m.PortalContractSection })),
);
const PortalLinkRequest = lazy(() =>
  import('./portal-link-request.tsx').then((m) => ({ default: m.PortalLinkRequest })),
);

/**
 * `/portal` (decision 039): the customer's own space, phone first. Once the link's token is exchanged for the
 * session cookie (`openPortal`, started by the portal's entry, `outcome` its answer), the sections show; later parts (pay, health questionnaire, contract, profile, calendar
 * feed) are sections of this shell. Without a live session it says so and offers a new link.
 */
export function PortalPage({ outcome }: { outcome: PortalOpening | 'PENDING' }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-center px-4 pb-6 sm:pb-10">
      <section className="flex w-full max-w-lg flex-col gap-4" aria-labelledby="portal-title">
        <h1 id="portal-title" className="text-2xl font-semibold">
          {t('portal.title')}
        </h1>
        {/* What the portal is for, in the pre-rendered shell: read while the link opens. */}
        <p className="text-base-content/80">{t('portal.lead')}</p>
        {outcome === 'PENDING' && <Spinner label={t('portal.opening')} />}
        {outcome === 'LINK_INVALID' && <SignedOut />}
        {outcome === 'OPEN' && <PortalHomeSections />}
      </section>
    </div>
  );
}

function SignedOut() {
  const { t } = useTranslation();
  return (
    <>
      <p role="alert" className="alert alert-warning">
        {t('portal.linkInvalid')}
      </p>
      <Suspense fallback={<Spinner />}>
        <PortalLinkRequest />
      </Suspense>
    </>
  );
}

function PortalHomeSections() {
  const { t } = useTranslation();
  const home = useQuery(portalHomeQueryOptions());
  // The home's first render (its classes, each line translated and formatted) is work React may split and
  // interrupt, rather than one long task on a phone's thread while the customer tries to scroll.
  const deferredHome = useDeferredValue(home.data);
  const signOut = useSignOut();
  if (home.isPending) return <Spinner label={t('portal.loading')} />;
  if (home.error) {
    if (home.error instanceof ApiError && home.error.status === 401) return <SignedOut />;
    return (
      <p role="alert" className="alert alert-error">
        {describeError(home.error, 'errors.network')}
      </p>
    );
  }
  const data = deferredHome;
  if (!data) return <Spinner label={t('portal.loading')} />;
  return (
    <>
      <p>{t('portal.intro', { name: data.customerFirstName, organization: data.organizationName })}</p>
      <PortalSectionMenu />
      <section aria-labelledby="portal-classes" className="flex flex-col gap-3">
        <h2 id="portal-classes" className="text-lg font-semibold">
          {t('portal.classes')}
        </h2>
        <PortalClasses classes={data} />
      </section>
      <PortalWallet home={data} />
      {hasSomethingToBookWith(data) && (
        <PortalDeferredSection title={t('portal.book')}>
          <PortalBooking home={data} />
        </PortalDeferredSection>
      )}
      <PortalDeferredSection anchorId="pay" title={t('portalPayments.title')}>
        <PortalPayments />
      </PortalDeferredSection>
      <PortalDeferredSection>
        <PortalHealthQuestionnaire timeZone={data.timeZone} />
      </PortalDeferredSection>
      <PortalDeferredSection anchorId="portal-profile-section" title={t('portalProfile.title')}>
        <PortalProfileSections />
      </PortalDeferredSection>
      <PortalDeferredSection anchorId="portal-contract" title={t('contracts.portal.title')}>
        <PortalContractSection />
      </PortalDeferredSection>
      <button
        type="button"
        className="btn btn-ghost self-start"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        {t('portal.signOut')}
      </button>
    </>
  );
}

/** The portal's parts are one page on a phone: a menu of anchors takes the customer to the part they came for. */
const PORTAL_SECTIONS = [
  { id: 'portal-classes', label: 'portal.menu.classes' },
  { id: 'pay', label: 'portal.menu.pay' },
  { id: 'portal-profile-section', label: 'portal.menu.profile' },
  { id: 'portal-contract', label: 'portal.menu.contract' },
] as const;

function PortalSectionMenu() {
  const { t } = useTranslation();
  // Arriving at `/portal#pay` (a receipt's "back to the portal"): the part was not on the page when the
  // browser looked for it, so it is brought into view once the menu's page is there.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (PORTAL_SECTIONS.some((section) => section.id === id)) document.getElementById(id)?.scrollIntoView();
  }, []);
  return (
    <nav aria-label={t('portal.menu.label')} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      {PORTAL_SECTIONS.map((section) => (
        <a key={section.id} href={`#${section.id}`} className="btn btn-sm btn-outline shrink-0">
          {t(section.label)}
        </a>
      ))}
    </nav>
  );
}
