import type { OrganizationListEntry } from '@reformer/domain/organizations';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog.tsx';
import { myOrganizationsQueryOptions } from '../api/get-my-organizations.ts';
import { LeaveOrganizationForm } from './leave-organization-form.tsx';
import { OrganizationTable } from './organization-table.tsx';

/** User settings → organizations: every organization of the user, with role, enter and leave. */
export function MyOrganizations() {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(myOrganizationsQueryOptions());
  const [leaving, setLeaving] = useState<OrganizationListEntry | null>(null);
  const organizations = [...data.owned, ...data.invited];

  return (
    <section aria-labelledby="my-organizations-title" className="flex flex-col gap-3">
      <h2 id="my-organizations-title" className="text-lg font-semibold">
        {t('userSettings.organizations.title')}
      </h2>
      {organizations.length === 0 ? (
        <p className="text-base-content/70">{t('userSettings.organizations.empty')}</p>
      ) : (
        <OrganizationTable
          organizations={organizations}
          selectText={{
            text: t('userSettings.organizations.enter'),
            label: (name) => t('userSettings.organizations.enterLabel', { name }),
          }}
          renderActions={(organization) => (
            <button
              type="button"
              className="btn btn-sm btn-ghost text-error"
              aria-label={t('organizations.leave.openLabel', { name: organization.name })}
              onClick={() => setLeaving(organization)}
            >
              {t('organizations.leave.open')}
            </button>
          )}
        />
      )}
      <Dialog
        isOpen={leaving !== null}
        onClose={() => setLeaving(null)}
        title={t('organizations.leave.title')}
      >
        {leaving && <LeaveOrganizationForm organization={leaving} onLeft={() => setLeaving(null)} />}
      </Dialog>
    </section>
  );
}
