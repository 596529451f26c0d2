import { can } from '@reformer/domain/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { OrganizationSettings } from '../../../../../features/organizations/components/organization-settings.tsx';
import { accessProfileQueryOptions } from '../../../../../lib/access-profile.ts';
import { AccessDeniedError } from '../../../../../lib/route-errors.ts';

/** Tabs appear as their features land (import, export, staff, client plans); today only "general". */
const SETTINGS_TABS = ['general'] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

export const Route = createFileRoute('/app/org/$orgId/settings/')({
  validateSearch: (search: Record<string, unknown>): { tab?: SettingsTab | undefined } => ({
    tab: SETTINGS_TABS.find((tab) => tab === search.tab),
  }),
  loader: async ({ context: { queryClient }, params: { orgId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!can(profile, 'VIEW_SETTINGS', { scope: 'ORG' })) throw new AccessDeniedError('VIEW_SETTINGS');
  },
  component: SettingsRoute,
});

function SettingsRoute() {
  const { orgId } = Route.useParams();
  return <OrganizationSettings organizationId={orgId} />;
}
