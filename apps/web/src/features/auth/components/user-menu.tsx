import { displayName } from '@reformer/domain/users';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/switchers/language-switcher.tsx';
import { ThemeSwitcher } from '@/components/switchers/theme-switcher.tsx';
import { MenuButton } from '@/components/ui/menu-button.tsx';
import { sessionQueryOptions } from '@/lib/session.ts';
import { useSignOut } from '../api/sign-out.ts';

/** "Ana Lima" → "AL": the account button's face where the full name has no room. */
function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words;
  return letters
    .map((word) => word?.[0] ?? '')
    .join('')
    .toUpperCase();
}

export function UserMenu() {
  const { t } = useTranslation();
  const { data: session } = useQuery(sessionQueryOptions());
  // The home page is pre-rendered outside the app: a full page load, which also drops this user's state.
  const signOut = useSignOut({ onSuccess: () => window.location.assign('/') });
  const user = session?.user;
  const name = user ? displayName(user) : '';

  return (
    <MenuButton
      label={
        name ? (
          <>
            <span
              aria-hidden="true"
              className="flex h-7 w-7 items-center justify-center rounded-full bg-neutral text-xs text-neutral-content md:hidden"
            >
              {initialsOf(name)}
            </span>
            <span className="sr-only md:not-sr-only">{name}</span>
            <span className="sr-only">{t('nav.accountMenu')}</span>
          </>
        ) : (
          t('nav.accountMenu')
        )
      }
    >
      {(close) => (
        <>
          {/* On a phone the header has no room for them: language and theme are here. */}
          <div className="mb-2 flex flex-col gap-2 border-b border-base-300 px-2 pb-3 md:hidden">
            <LanguageSwitcher showLabel />
            <ThemeSwitcher showLabel />
          </div>
          <ul className="menu w-full p-0">
            {user && (
              <li className="menu-title">
                <span className="block truncate">{user.email}</span>
              </li>
            )}
            <li>
              <Link to="/app/user-settings" onClick={close}>
                {t('nav.userSettings')}
              </Link>
            </li>
            <li>
              <Link to="/app/select-organization" onClick={close}>
                {t('nav.switchOrganization')}
              </Link>
            </li>
            <li>
              <button
                type="button"
                disabled={signOut.isPending}
                onClick={() => {
                  close();
                  signOut.mutate();
                }}
              >
                {t('nav.signOut')}
              </button>
            </li>
          </ul>
        </>
      )}
    </MenuButton>
  );
}
