import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '@/lib/access-profile.ts';
import { useFormatDate } from '@/lib/format.ts';
import { organizationQueryOptions } from '../api/get-organization.ts';
import { RoleLabel } from './role-label.tsx';

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="stat">
      <dt className="stat-title">{label}</dt>
      <dd className="stat-value text-2xl">{value}</dd>
    </div>
  );
}

function QuickAction({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <h3 className="card-title text-base">{title}</h3>
        <p className="text-sm text-base-content/70">{hint}</p>
        <div className="card-actions justify-end">{children}</div>
      </div>
    </li>
  );
}

/**
 * The organization's home (spec §2): organization, establishments, the user's role, quick actions; `children`
 * (the dashboard's figures) come right under its name.
 */
export function OrganizationDashboard({
  organizationId,
  children,
}: {
  organizationId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(organizationId));
  const permissions = usePermissions(organizationId);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header>
        <p className="text-sm text-base-content/60">{t('dashboard.title')}</p>
        <h1 className="text-3xl font-bold">{organization.name}</h1>
        <p className="mt-1 text-base-content/80">
          {organization.description || t('dashboard.noDescription')}
        </p>
      </header>

      {children}

      <dl className="stats stats-vertical w-full border border-base-300 bg-base-100 md:stats-horizontal">
        <Stat label={t('dashboard.yourRole')} value={<RoleLabel role={organization.role} />} />
        <Stat label={t('dashboard.establishments')} value={organization.establishmentCount} />
        <Stat label={t('dashboard.members')} value={organization.memberCount} />
        <Stat label={t('dashboard.createdAt')} value={formatDate(organization.createdAt)} />
      </dl>

      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="mb-3 text-xl font-semibold">
          {t('dashboard.quickActions')}
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {permissions.canAny('VIEW_STAFF') && (
            <QuickAction title={t('staff.quickAction.title')} hint={t('staff.quickAction.hint')}>
              <Link
                to="/app/org/$orgId/staff"
                params={{ orgId: organizationId }}
                className="btn btn-sm btn-primary"
              >
                {t('nav.staff')}
              </Link>
            </QuickAction>
          )}
          {permissions.canAny('VIEW_ESTABLISHMENTS') && (
            <QuickAction
              title={t('establishments.quickAction.title')}
              hint={t('establishments.quickAction.hint')}
            >
              <Link
                to="/app/org/$orgId/establishments"
                params={{ orgId: organizationId }}
                className="btn btn-sm"
              >
                {t('nav.establishments')}
              </Link>
            </QuickAction>
          )}
          {permissions.can('VIEW_SETTINGS') && (
            <QuickAction title={t('dashboard.actions.settings')} hint={t('dashboard.actions.settingsHint')}>
              <Link
                to="/app/org/$orgId/settings"
                params={{ orgId: organizationId }}
                className="btn btn-sm btn-primary"
              >
                {t('nav.organizationSettings')}
              </Link>
            </QuickAction>
          )}
          <QuickAction
            title={t('dashboard.actions.userSettings')}
            hint={t('dashboard.actions.userSettingsHint')}
          >
            <Link to="/app/user-settings" className="btn btn-sm">
              {t('nav.userSettings')}
            </Link>
          </QuickAction>
          <QuickAction
            title={t('dashboard.actions.switchOrganization')}
            hint={t('dashboard.actions.switchOrganizationHint')}
          >
            <Link to="/app/select-organization" className="btn btn-sm">
              {t('nav.switchOrganization')}
            </Link>
          </QuickAction>
        </ul>
      </section>
    </div>
  );
}
