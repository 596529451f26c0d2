import { Link, Outlet } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../switchers/language-switcher.tsx';
import { ThemeSwitcher } from '../switchers/theme-switcher.tsx';
import { Brand } from './brand.tsx';
import { HeaderStartContext } from './header-start.tsx';

/**
 * The authenticated layout: one row of header on every width. On a phone the language and theme move into
 * the user menu (when there is one), and a nested layout may take the brand's place (HeaderStart).
 */
export function AppLayout({ userMenu }: { userMenu: ReactNode }) {
  const { t } = useTranslation();
  const [headerStart, setHeaderStart] = useState<HTMLDivElement | null>(null);
  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <a href="#main" className="sr-only focus:not-sr-only">
        {t('nav.skipToContent')}
      </a>
      <header className="group navbar flex-nowrap gap-2 border-b border-base-300 bg-base-100 px-2 sm:px-4">
        <div ref={setHeaderStart} className="contents" />
        <Link
          to="/app/select-organization"
          className="btn btn-ghost px-2 group-has-[[data-header-start]]:max-lg:hidden"
          activeProps={{}}
        >
          <Brand />
        </Link>
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <div className={`items-center gap-2 ${userMenu ? 'hidden md:flex' : 'flex'}`}>
            <LanguageSwitcher />
            <ThemeSwitcher />
          </div>
          {userMenu}
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        <HeaderStartContext value={headerStart}>
          <Outlet />
        </HeaderStartContext>
      </main>
    </div>
  );
}
