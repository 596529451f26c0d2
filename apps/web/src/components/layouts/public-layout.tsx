import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/env.ts';
import { useIsHydrated } from '@/lib/use-is-hydrated.ts';
import { LanguageSwitcher } from '../switchers/language-switcher.tsx';
import { ThemeSwitcher } from '../switchers/theme-switcher.tsx';
import { MenuIcon } from '../ui/menu-icon.tsx';
import { Brand } from './brand.tsx';

const linkClass = 'btn btn-ghost btn-sm justify-start';

type PublicLayoutProps = {
  isSignedIn: boolean;
  /** The URL path of the page shown, to mark its navigation link as current. */
  currentPath: string;
  children: ReactNode;
};

/**
 * The layout of `/`, `/about`, `/privacy-policy` (pre-rendered, src/public-site/) and of the app's sign-in
 * and sign-up. No router, no app-only code: the public pages must stay light (bench/public-site.mjs
 * measures what they load), so every link is a plain one and a full page load.
 */
export function PublicLayout({ isSignedIn, currentPath, children }: PublicLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:btn"
      >
        {t('nav.skipToContent')}
      </a>
      <PublicHeader isSignedIn={isSignedIn} currentPath={currentPath} />
      {/* daisyUI's primary colour as text on base-100 falls below 4.5:1 in some themes (dark: about 3.9:1),
          e.g. the sign-in and sign-up links: mixed with the text colour it stays recognisable and readable. */}
      <main id="main" className="flex-1">
        {children}
      </main>
      <PublicFooter isSignedIn={isSignedIn} />
    </div>
  );
}

/** A link of the main navigation, marked as the current page when it is the one shown. */
function NavLink({
  href,
  currentPath,
  onClick,
  children,
}: {
  href: string;
  currentPath: string;
  onClick: () => void;
  children: ReactNode;
}) {
  const isCurrent = href === currentPath;
  return (
    <a
      href={href}
      className={`${linkClass} ${isCurrent ? 'btn-active' : ''}`}
      aria-current={isCurrent ? 'page' : undefined}
      onClick={onClick}
    >
      {children}
    </a>
  );
}

/** One set of links for every width: a row from `lg` up, a panel behind the Menu button below it. */
function PublicHeader({ isSignedIn, currentPath }: { isSignedIn: boolean; currentPath: string }) {
  const { t } = useTranslation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const isHydrated = useIsHydrated();
  const menuId = useId();
  const closeMenu = () => setIsMenuOpen(false);

  return (
    <header className="border-b border-base-300 bg-base-100">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-2">
        <a href="/" className="rounded-field px-2 py-1.5 hover:bg-base-200" onClick={closeMenu}>
          <Brand />
        </a>
        <button
          type="button"
          className="btn btn-ghost btn-sm ml-auto lg:hidden"
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          disabled={!isHydrated}
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          <MenuIcon />
          {t('public.nav.menu')}
        </button>
        <div
          id={menuId}
          className={`${isMenuOpen ? 'flex' : 'hidden'} w-full flex-col gap-3 pb-2 lg:flex lg:w-auto lg:flex-1 lg:flex-row lg:items-center lg:justify-end lg:pb-0`}
        >
          <nav
            aria-label={t('nav.mainNavigation')}
            className="flex flex-col gap-1 lg:flex-row lg:items-center"
          >
            <NavLink href="/" currentPath={currentPath} onClick={closeMenu}>
              {t('nav.home')}
            </NavLink>
            <NavLink href="/about" currentPath={currentPath} onClick={closeMenu}>
              {t('nav.about')}
            </NavLink>
            <NavLink href="/privacy-policy" currentPath={currentPath} onClick={closeMenu}>
              {t('nav.privacyPolicy')}
            </NavLink>
            <a href="/sign-up" className="btn btn-primary btn-sm lg:ml-2" onClick={closeMenu}>
              {t('nav.startNow')}
            </a>
            <a href={isSignedIn ? '/app' : '/sign-in'} className="btn btn-outline btn-sm" onClick={closeMenu}>
              {t('nav.accessApp')}
            </a>
          </nav>
          <div className="flex flex-wrap items-center gap-2">
            <LanguageSwitcher />
            <ThemeSwitcher />
          </div>
        </div>
      </div>
    </header>
  );
}

function PublicFooter({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation();
  const productId = useId();
  const companyId = useId();
  const footerLink = 'link link-hover';
  return (
    <footer className="border-t border-base-300 bg-base-200 text-base-content">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[2fr_1fr_1fr]">
        <div className="flex flex-col gap-2">
          <Brand />
          <p className="max-w-xs">{t('public.footer.tagline')}</p>
        </div>
        <nav aria-labelledby={productId}>
          <h2 id={productId} className="mb-3 font-semibold">
            {t('public.footer.productTitle')}
          </h2>
          <ul className="flex flex-col gap-2">
            <li>
              <a href="/#features" className={footerLink}>
                {t('public.footer.features')}
              </a>
            </li>
            <li>
              <a href="/#ai" className={footerLink}>
                {t('public.footer.ai')}
              </a>
            </li>
            <li>
              <a href="/#pricing" className={footerLink}>
                {t('public.footer.pricing')}
              </a>
            </li>
            <li>
              <a href="/#faq" className={footerLink}>
                {t('public.footer.faq')}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby={companyId}>
          <h2 id={companyId} className="mb-3 font-semibold">
            {t('public.footer.companyTitle')}
          </h2>
          <ul className="flex flex-col gap-2">
            <li>
              <a href="/about" className={footerLink}>
                {t('nav.about')}
              </a>
            </li>
            <li>
              <a href="/privacy-policy" className={footerLink}>
                {t('nav.privacyPolicy')}
              </a>
            </li>
            <li>
              <a href={isSignedIn ? '/app' : '/sign-in'} className={footerLink}>
                {isSignedIn ? t('nav.accessApp') : t('public.footer.signIn')}
              </a>
            </li>
            <li>
              <a href="/sign-up" className={footerLink}>
                {t('public.footer.signUp')}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      {/* Pre-rendered at build time: a page hydrated in a later year keeps the build's year until rebuilt. */}
      <p className="border-t border-base-300 px-4 py-4 text-center text-sm" suppressHydrationWarning>
        {t('public.footer.rights', { year: new Date().getFullYear(), appName: env.appName })} ·{' '}
        {t('public.footer.version', { version: env.version })}
      </p>
    </footer>
  );
}
