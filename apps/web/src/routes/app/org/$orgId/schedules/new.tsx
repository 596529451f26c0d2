import { canAny } from '@reformer/domain/permissions';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import { NewSchedulePage } from '@/features/schedules/components/new-schedule-page.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { ensureEstablishmentChoices, useEstablishmentChoices } from '../-establishment-choices.ts';

export const Route = createFileRoute('/app/org/$orgId/schedules/new')({
  staticData: { titleKey: 'schedules.create.title' },
  loader: async ({ context: { queryClient }, params: { orgId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!canAny(profile, 'MANAGE_SCHEDULES')) throw new AccessDeniedError('MANAGE_SCHEDULES');
    await ensureEstablishmentChoices(queryClient, orgId, profile);
  },
  component: NewScheduleRoute,
});

function NewScheduleRoute() {
  const { orgId } = Route.useParams();
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(orgId));
  const { establishments, staff } = useEstablishmentChoices(orgId, 'MANAGE_SCHEDULES');
  return (
    <NewSchedulePage
      organizationId={orgId}
      timeZone={organization.timeZone}
      establishments={establishments}
      staff={staff}
    />
  );
}
