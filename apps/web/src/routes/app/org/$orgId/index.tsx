import { createFileRoute } from '@tanstack/react-router';
import { dashboardQueryOptions } from '../../../../features/dashboard/api/get-dashboard.ts';
import { DashboardFigures } from '../../../../features/dashboard/components/dashboard-figures.tsx';
import { OrganizationDashboard } from '../../../../features/organizations/components/organization-dashboard.tsx';

export const Route = createFileRoute('/app/org/$orgId/')({
  staticData: { titleKey: 'dashboard.title' },
  loader: ({ context: { queryClient }, params: { orgId } }) =>
    queryClient.ensureQueryData(dashboardQueryOptions(orgId)),
  component: DashboardRoute,
});

function DashboardRoute() {
  const { orgId } = Route.useParams();
  return (
    <OrganizationDashboard organizationId={orgId}>
      <DashboardFigures organizationId={orgId} />
    </OrganizationDashboard>
  );
}
