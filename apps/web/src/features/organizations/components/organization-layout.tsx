import { useSuspenseQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderStart } from '@/components/layouts/header-start.tsx';
import { MenuIcon } from '@/components/ui/menu-icon.tsx';
import { organizationQueryOptions } from '../api/get-organization.ts';
import { OrganizationNav } from './organization-nav.tsx';

/**
 * Sidebar with the organization's sections and the page beside it; on small screens the sidebar is a drawer
 * opened from the app header's row, which shows the organization's name instead of the brand.
 */
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
        <HeaderStart>
          <div data-header-start className="flex min-w-0 flex-1 items-center gap-1 lg:hidden">
            <label htmlFor={drawerId} className="btn btn-ghost btn-square btn-sm shrink-0">
              <MenuIcon />
              <span className="sr-only">{t('nav.openMenu')}</span>
            </label>
            <span className="truncate font-semibold">{organization.name}</span>
          </div>
        </HeaderStart>
        <div className="flex-1 p-4 lg:p-8">
          <Outlet />
        </div>
      </div>
      <div className="drawer-side z-30 lg:z-auto">
        {/* Named by its text: aria-label is not allowed on a label (axe aria-prohibited-attr, issue #27 item 22). */}
        <label htmlFor={drawerId} className="drawer-overlay">
          <span className="sr-only">{t('common.close')}</span>
        </label>
        <aside className="flex min-h-full w-64 flex-col gap-2 border-r border-base-300 bg-base-100 p-3">
          {/* Wrapped, never cut: the studio's name is how members tell organizations apart (#27 item 14). */}
          <p
            className="px-3 py-2 text-lg font-semibold [overflow-wrap:anywhere]"
            data-testid="sidebar-organization-name"
          >
            {organization.name}
          </p>
          <OrganizationNav organizationId={organizationId} onNavigate={() => setIsDrawerOpen(false)} />
        </aside>
      </div>
    </div>
  );
}
