import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ErrorKind } from '@/lib/route-errors.ts';

type ErrorScreenProps = {
  kind: ErrorKind;
  /** Replaces the kind's standard explanation when the error says something more precise. */
  message?: string | undefined;
  requestId?: string | undefined;
  onRetry?: (() => void) | undefined;
  /** Where "go back" leads: the public home page or the user's organizations. */
  home?: 'public' | 'app';
  showSignIn?: boolean;
};

/** The error screens of spec §2: Something went wrong, Connection Problem, Page Not Found, Access Denied, Server Error. */
export function ErrorScreen({
  kind,
  message,
  requestId,
  onRetry,
  home = 'public',
  showSignIn,
}: ErrorScreenProps) {
  const { t } = useTranslation();
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
      role="alert"
    >
      <h1 className="text-3xl font-bold">{t(`errorScreens.${kind}.title`)}</h1>
      <p className="text-base-content/80">{message ?? t(`errorScreens.${kind}.body`)}</p>
      {requestId && (
        <p className="text-xs text-base-content/60">{t('errorScreens.reference', { requestId })}</p>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        {/* Trying again cannot change a refusal or a missing page; going back can (spec §2 error screens). */}
        {kind === 'accessDenied' || kind === 'notFound' ? (
          <button type="button" className="btn btn-primary" onClick={() => window.history.back()}>
            {t('errorScreens.goBack')}
          </button>
        ) : (
          onRetry && (
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              {t('errorScreens.tryAgain')}
            </button>
          )
        )}
        {showSignIn && (
          <Link to="/sign-in" className="btn btn-primary">
            {t('auth.signIn.submit')}
          </Link>
        )}
        {home === 'app' ? (
          <Link to="/app/select-organization" className="btn btn-ghost">
            {t('errorScreens.goToOrganizations')}
          </Link>
        ) : (
          // The home page is pre-rendered, outside the app's router: a full page load.
          <a href="/" className="btn btn-ghost">
            {t('errorScreens.goHome')}
          </a>
        )}
      </div>
    </section>
  );
}

export function PageNotFound({ home = 'public' }: { home?: 'public' | 'app' }) {
  return <ErrorScreen kind="notFound" home={home} />;
}

/** The router's last-resort screen for a missing route that no layout handles. */
export function NotFoundFallback() {
  const { t } = useTranslation();
  return (
    <section className="px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{t('errorScreens.fallbackNotFound')}</h1>
    </section>
  );
}
