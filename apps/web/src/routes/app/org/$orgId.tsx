import { createFileRoute } from '@tanstack/react-router';
import { PageNotFound } from '@/components/errors/error-screen.tsx';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import { OrganizationLayout } from '@/features/organizations/components/organization-layout.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { requireToken } from '@/lib/route-errors.ts';

export const Route = createFileRoute('/app/org/$orgId')({
  beforeLoad: async ({ context }) => {
    await requireToken(context.auth);
  },
  loader: async ({ context: { queryClient }, params: { orgId } }) => {
    await Promise.all([
      queryClient.ensureQueryData(organizationQueryOptions(orgId)),
      queryClient.ensureQueryData(accessProfileQueryOptions(orgId)),
    ]);
  },
  component: OrganizationLayoutRoute,
  errorComponent: RouteErrorScreen,
  notFoundComponent: () => <PageNotFound home="app" />,
});

function OrganizationLayoutRoute() {
  const { orgId } = Route.useParams();
  return <OrganizationLayout organizationId={orgId} />;
}
