import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../lib/access-profile.ts';
import { organizationQueryOptions } from '../api/get-organization.ts';
import { useUpdateOrganization } from '../api/update-organization.ts';
import { LeaveOrganizationForm } from './leave-organization-form.tsx';
import { OrganizationForm } from './organization-form.tsx';

/**
 * Organization settings (spec §2). Only the "general" tab exists today; import, export, staff and client
 * plans join the tab list as their features land.
 */
export function OrganizationSettings({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(organizationId));
  const permissions = usePermissions(organizationId);
  const updateOrganization = useUpdateOrganization(organizationId);
  const canManage = permissions.can('MANAGE_SETTINGS');

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">{t('settings.title')}</h1>
      <div role="tablist" aria-label={t('settings.tabs.label')} className="tabs tabs-border">
        <button
          type="button"
          role="tab"
          id="settings-tab-general"
          aria-selected="true"
          aria-controls="settings-panel-general"
          className="tab tab-active"
        >
          {t('settings.tabs.general')}
        </button>
      </div>

      <div
        id="settings-panel-general"
        role="tabpanel"
        aria-labelledby="settings-tab-general"
        className="flex flex-col gap-6"
      >
        <section className="card border border-base-300 bg-base-100" aria-labelledby="settings-general">
          <div className="card-body">
            <h2 id="settings-general" className="card-title">
              {t('settings.general.title')}
            </h2>
            {!canManage && (
              <p role="note" className="alert alert-info">
                {t('settings.general.readOnly')}
              </p>
            )}
            <OrganizationForm
              key={`${organization.name}\n${organization.description}`}
              defaultValues={{ name: organization.name, description: organization.description }}
              submitLabel={t('common.save')}
              isPending={updateOrganization.isPending}
              isReadOnly={!canManage}
              onSubmit={(input) => updateOrganization.mutateAsync(input)}
            />
          </div>
        </section>

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
      </div>
    </div>
  );
}
