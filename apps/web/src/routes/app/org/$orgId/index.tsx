import { createFileRoute } from '@tanstack/react-router';
import { OrganizationDashboard } from '../../../../features/organizations/components/organization-dashboard.tsx';

export const Route = createFileRoute('/app/org/$orgId/')({
  staticData: { titleKey: 'dashboard.title' },
  component: DashboardRoute,
});

function DashboardRoute() {
  const { orgId } = Route.useParams();
  return <OrganizationDashboard organizationId={orgId} />;
}
