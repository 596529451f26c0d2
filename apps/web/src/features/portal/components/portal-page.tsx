import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-error.ts';
import { describeError } from '@/lib/error-messages.ts';
import { openPortalSession, portalHomeQueryOptions, useSignOut } from '../api/portal-api.ts';
import { PortalBooking } from './portal-booking.tsx';
import { PortalClasses } from './portal-classes.tsx';
import { PortalLinkRequest } from './portal-link-request.tsx';
import { PortalWallet } from './portal-wallet.tsx';

/** Reads `#t=<token>` once: the token never reaches a server log, a proxy or a link preview (decision 039). */
function takeFragmentToken(): string | null {
  const match = window.location.hash.match(/^#t=([A-Za-z0-9_-]{20,200})$/);
  if (!match) return null;
  // Dropped from the address bar and the history before anything else, so a shared screen shows no key.
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return match[1] ?? null;
}

/**
 * `/portal` (decision 039): the customer's own space, phone first. A link's token is exchanged for the
 * session cookie, then the sections show; later parts (pay, health questionnaire, contract, profile, calendar
 * feed) are sections of this shell. Without a live session it says so and offers a new link.
 */
export function PortalPage() {
  const { t } = useTranslation();
  const [exchange, setExchange] = useState<'PENDING' | 'DONE' | 'INVALID'>('PENDING');
  // StrictMode runs the effect twice in development: the second run would find the fragment gone and show
  // the sections before the first run's exchange set the cookie.
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const token = takeFragmentToken();
    if (!token) return setExchange('DONE');
    openPortalSession(token).then(
      () => setExchange('DONE'),
      () => setExchange('INVALID'),
    );
  }, []);
  return (
    <div className="flex justify-center px-4 py-6 sm:py-10">
      <section className="flex w-full max-w-lg flex-col gap-4" aria-labelledby="portal-title">
        <h1 id="portal-title" className="text-2xl font-semibold">
          {t('portal.title')}
        </h1>
        {exchange === 'PENDING' && <Spinner label={t('portal.opening')} />}
        {exchange === 'INVALID' && <SignedOut />}
        {exchange === 'DONE' && <PortalHomeSections />}
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
      <PortalLinkRequest />
    </>
  );
}

function PortalHomeSections() {
  const { t } = useTranslation();
  const home = useQuery(portalHomeQueryOptions());
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
  const data = home.data;
  return (
    <>
      <p>{t('portal.intro', { name: data.customerFirstName, organization: data.organizationName })}</p>
      <section aria-labelledby="portal-classes" className="flex flex-col gap-3">
        <h2 id="portal-classes" className="text-lg font-semibold">
          {t('portal.classes')}
        </h2>
        <PortalClasses classes={data} />
      </section>
      <PortalWallet home={data} />
      <PortalBooking home={data} />
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
