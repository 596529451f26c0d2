import { displayName } from '@reformer/domain/users';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MenuButton } from '../../../components/ui/menu-button.tsx';
import { sessionQueryOptions } from '../../../lib/session.ts';
import { useSignOut } from '../api/sign-out.ts';

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
        <>
          <span aria-hidden={!name}>{name}</span>
          <span className={name ? 'sr-only' : undefined}>{t('nav.accountMenu')}</span>
        </>
      }
    >
      {(close) => (
        <ul className="menu w-full p-0">
          {user && (
            <li className="menu-title">
              <span className="truncate">{user.email}</span>
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
      )}
    </MenuButton>
  );
}
