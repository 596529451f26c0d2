import { useSuspenseQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { organizationQueryOptions } from '../api/get-organization.ts';
import { OrganizationNav } from './organization-nav.tsx';

/** Sidebar with the organization's sections (a drawer on small screens) and the page beside it. */
export function OrganizationLayout({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(organizationId));
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const drawerId = useId();

  return (
    <div className="drawer flex-1 lg:drawer-open">
      <input
        id={drawerId}
        type="checkbox"
        className="drawer-toggle"
        checked={isDrawerOpen}
        onChange={(event) => setIsDrawerOpen(event.target.checked)}
        aria-label={t('nav.openMenu')}
      />
      <div className="drawer-content flex flex-col">
        <div className="flex items-center gap-2 border-b border-base-300 bg-base-100 px-4 py-2 lg:hidden">
          <label htmlFor={drawerId} className="btn btn-ghost btn-sm">
            {t('nav.openMenu')}
          </label>
          <span className="truncate font-semibold">{organization.name}</span>
        </div>
        <div className="flex-1 p-4 lg:p-8">
          <Outlet />
        </div>
      </div>
      <div className="drawer-side z-30 lg:z-auto">
        <label htmlFor={drawerId} aria-label={t('common.close')} className="drawer-overlay" />
        <aside className="flex min-h-full w-64 flex-col gap-2 border-r border-base-300 bg-base-100 p-3">
          <p className="truncate px-3 py-2 text-lg font-semibold" title={organization.name}>
            {organization.name}
          </p>
          <OrganizationNav organizationId={organizationId} onNavigate={() => setIsDrawerOpen(false)} />
        </aside>
      </div>
    </div>
  );
}
