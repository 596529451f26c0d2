import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { myOrganizationsQueryOptions } from '@/features/organizations/api/get-my-organizations.ts';
import { MyOrganizations } from '@/features/organizations/components/my-organizations.tsx';
import { currentUserQueryOptions } from '@/features/users/api/get-current-user.ts';
import { NotificationSettings } from '@/features/users/components/notification-settings.tsx';
import { ProfileForm } from '@/features/users/components/profile-form.tsx';
import { requireUserId } from '@/lib/route-errors.ts';

const TABS = ['profile', 'organizations', 'notifications'] as const;
type UserSettingsTab = (typeof TABS)[number];

export const Route = createFileRoute('/app/user-settings/')({
  staticData: { titleKey: 'userSettings.title' },
  validateSearch: (search: Record<string, unknown>): { tab?: UserSettingsTab | undefined } => ({
    tab: TABS.find((tab) => tab === search.tab),
  }),
  beforeLoad: ({ context }) => {
    requireUserId(context.auth);
  },
  loaderDeps: ({ search }) => ({ tab: search.tab ?? 'profile' }),
  loader: async ({ context: { queryClient }, deps: { tab } }) => {
    if (tab === 'profile') await queryClient.ensureQueryData(currentUserQueryOptions());
    if (tab === 'organizations') await queryClient.ensureQueryData(myOrganizationsQueryOptions());
  },
  component: UserSettingsRoute,
});

function UserSettingsRoute() {
  const { t } = useTranslation();
  const tab = Route.useSearch().tab ?? 'profile';

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 p-4 lg:p-8">
      <h1 className="text-3xl font-bold">{t('userSettings.title')}</h1>
      <div role="tablist" aria-label={t('userSettings.tabs.label')} className="tabs tabs-border">
        {TABS.map((name) => (
          <Link
            key={name}
            to="/app/user-settings"
            search={{ tab: name }}
            role="tab"
            id={`user-settings-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="user-settings-panel"
            className={`tab ${tab === name ? 'tab-active' : 'text-base-content/80'}`}
          >
            {t(`userSettings.tabs.${name}`)}
          </Link>
        ))}
      </div>
      <div
        id="user-settings-panel"
        role="tabpanel"
        aria-labelledby={`user-settings-tab-${tab}`}
        className="card border border-base-300 bg-base-100"
      >
        <div className="card-body">
          {tab === 'profile' && <ProfileForm />}
          {tab === 'organizations' && <MyOrganizations />}
          {tab === 'notifications' && <NotificationSettings />}
        </div>
      </div>
    </div>
  );
}
