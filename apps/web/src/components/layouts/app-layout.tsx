import { Link, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../switchers/language-switcher.tsx';
import { ThemeSwitcher } from '../switchers/theme-switcher.tsx';
import { Brand } from './brand.tsx';

/** The authenticated layout: top bar with the switchers and the user menu. */
export function AppLayout({ userMenu }: { userMenu: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <a href="#main" className="sr-only focus:not-sr-only">
        {t('nav.skipToContent')}
      </a>
      <header className="navbar flex-wrap gap-2 border-b border-base-300 bg-base-100 px-4">
        <div className="flex-1">
          <Link to="/app/select-organization" className="btn btn-ghost" activeProps={{}}>
            <Brand />
          </Link>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LanguageSwitcher />
          <ThemeSwitcher />
          {userMenu}
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        <Outlet />
      </main>
    </div>
  );
}
