import { canAny } from '@reformer/domain/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { establishmentsQueryOptions } from '@/features/establishments/api/get-establishments.ts';
import { EstablishmentsPage } from '@/features/establishments/components/establishments-page.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';

export const Route = createFileRoute('/app/org/$orgId/establishments')({
  staticData: { titleKey: 'establishments.title' },
  loader: async ({ context: { queryClient }, params: { orgId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!canAny(profile, 'VIEW_ESTABLISHMENTS')) throw new AccessDeniedError('VIEW_ESTABLISHMENTS');
    await queryClient.ensureQueryData(establishmentsQueryOptions(orgId));
  },
  component: EstablishmentsRoute,
});

function EstablishmentsRoute() {
  const { orgId } = Route.useParams();
  return <EstablishmentsPage organizationId={orgId} />;
}
