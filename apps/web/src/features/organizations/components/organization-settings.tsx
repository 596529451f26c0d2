import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from '@/components/ui/settings-card.tsx';
import { usePermissions } from '@/lib/access-profile.ts';
import { organizationQueryOptions } from '../api/get-organization.ts';
import { useUpdateOrganization } from '../api/update-organization.ts';
import type { SettingsPanel, SettingsTab } from '../settings-tabs.ts';
import { LeaveOrganizationForm } from './leave-organization-form.tsx';
import { OrganizationForm } from './organization-form.tsx';

type OrganizationSettingsProps = {
  organizationId: string;
  tabs: readonly SettingsTab[];
  activeTab: SettingsPanel;
  /** The active tab's panel; the route composes it from the feature that owns it. */
  children: ReactNode;
};

export function OrganizationSettings({
  organizationId,
  tabs,
  activeTab,
  children,
}: OrganizationSettingsProps) {
  const { t } = useTranslation();
  const params = { orgId: organizationId };
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">{t('settings.title')}</h1>
      <div role="tablist" aria-label={t('settings.tabs.label')} className="tabs tabs-border">
        {tabs.map((tab) =>
          tab === 'staff' ? (
            <Link
              key={tab}
              to="/app/org/$orgId/staff"
              params={params}
              role="tab"
              aria-selected={false}
              className="tab text-base-content/80"
            >
              {t('settings.tabs.staff')}
            </Link>
          ) : (
            <Link
              key={tab}
              to="/app/org/$orgId/settings"
              params={params}
              search={{ tab }}
              role="tab"
              id={`settings-tab-${tab}`}
              aria-selected={tab === activeTab}
              aria-controls="settings-panel"
              className={`tab ${tab === activeTab ? 'tab-active' : 'text-base-content/80'}`}
            >
              {t(`settings.tabs.${tab}`)}
            </Link>
          ),
        )}
      </div>
      <div
        id="settings-panel"
        role="tabpanel"
        aria-labelledby={`settings-tab-${activeTab}`}
        className="flex flex-col gap-6"
      >
        {children}
      </div>
    </div>
  );
}

/** The "general" tab: name, description and time zone, and leaving the organization. */
export function GeneralSettings({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(organizationId));
  const permissions = usePermissions(organizationId);
  const updateOrganization = useUpdateOrganization(organizationId);
  const canManage = permissions.can('MANAGE_SETTINGS');

  return (
    <>
      <SettingsCard
        id="general"
        title={t('settings.general.title')}
        readOnlyNote={canManage ? null : t('settings.general.readOnly')}
      >
        <OrganizationForm
          key={`${organization.name}\n${organization.description}\n${organization.timeZone}`}
          defaultValues={{
            name: organization.name,
            description: organization.description,
            timeZone: organization.timeZone,
          }}
          submitLabel={t('common.save')}
          isPending={updateOrganization.isPending}
          isReadOnly={!canManage}
          onSubmit={(input) => updateOrganization.mutateAsync(input)}
        />
      </SettingsCard>

      <section className="card border border-error/40 bg-base-100" aria-labelledby="settings-danger-zone">
        <div className="card-body">
          <h2 id="settings-danger-zone" className="card-title text-error">
            {t('settings.dangerZone.title')}
          </h2>
          <h3 className="font-semibold">{t('organizations.leave.title')}</h3>
          <LeaveOrganizationForm
            organization={organization}
            onLeft={() => navigate({ to: '/app/select-organization' })}
          />
        </div>
      </section>
    </>
  );
}
