import { Link, Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { env } from '../../env.ts';
import { LanguageSwitcher } from '../switchers/language-switcher.tsx';
import { ThemeSwitcher } from '../switchers/theme-switcher.tsx';
import { Brand } from './brand.tsx';

const linkClass = 'btn btn-ghost btn-sm';
const activeProps = { className: 'btn-active', 'aria-current': 'page' } as const;

/** The layout of `/`, `/about`, `/privacy-policy`, sign-in and sign-up. No app-only code in here. */
export function PublicLayout({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only">
        {t('nav.skipToContent')}
      </a>
      <header className="navbar flex-wrap gap-2 border-b border-base-300 bg-base-100 px-4">
        <div className="flex-1">
          <Link to="/" className="btn btn-ghost" activeProps={{}}>
            <Brand />
          </Link>
        </div>
        <nav aria-label={t('nav.mainNavigation')} className="flex flex-wrap items-center gap-1">
          <Link to="/" className={linkClass} activeProps={activeProps} activeOptions={{ exact: true }}>
            {t('nav.home')}
          </Link>
          <Link to="/about" className={linkClass} activeProps={activeProps}>
            {t('nav.about')}
          </Link>
          <Link to="/privacy-policy" className={linkClass} activeProps={activeProps}>
            {t('nav.privacyPolicy')}
          </Link>
          <Link to="/sign-up" className="btn btn-primary btn-sm">
            {t('nav.startNow')}
          </Link>
          <Link to={isSignedIn ? '/app' : '/sign-in'} className="btn btn-outline btn-sm">
            {t('nav.accessApp')}
          </Link>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeSwitcher />
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="footer footer-center gap-2 border-t border-base-300 bg-base-200 p-6 text-sm">
        <p>{t('public.footer.tagline')}</p>
        <nav className="flex gap-4" aria-label={t('nav.footerNavigation')}>
          <Link to="/about" className="link link-hover">
            {t('nav.about')}
          </Link>
          <Link to="/privacy-policy" className="link link-hover">
            {t('nav.privacyPolicy')}
          </Link>
        </nav>
        <p>
          {t('public.footer.rights', { year: new Date().getFullYear(), appName: env.appName })} ·{' '}
          {t('public.footer.version', { version: env.version })}
        </p>
      </footer>
    </div>
  );
}
