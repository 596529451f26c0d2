import { can } from '@reformer/domain/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { scheduleQueryOptions } from '@/features/schedules/api/get-schedule.ts';
import { EditSchedulePage } from '@/features/schedules/components/edit-schedule-page.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { ensureEstablishmentChoices, useEstablishmentChoices } from '../../-establishment-choices.ts';

export const Route = createFileRoute('/app/org/$orgId/schedules/$scheduleId/edit')({
  staticData: { titleKey: 'schedules.edit.title' },
  loader: async ({ context: { queryClient }, params: { orgId, scheduleId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    const [schedule] = await Promise.all([
      queryClient.ensureQueryData(scheduleQueryOptions(orgId, scheduleId)),
      ensureEstablishmentChoices(queryClient, orgId, profile),
    ]);
    const check = { scope: 'ESTABLISHMENT', establishmentId: schedule.establishmentId } as const;
    if (!can(profile, 'MANAGE_SCHEDULES', check)) throw new AccessDeniedError('MANAGE_SCHEDULES');
  },
  component: EditScheduleRoute,
});

function EditScheduleRoute() {
  const { orgId, scheduleId } = Route.useParams();
  const { establishments, staff } = useEstablishmentChoices(orgId, 'MANAGE_SCHEDULES');
  return (
    <EditSchedulePage
      organizationId={orgId}
      scheduleId={scheduleId}
      establishments={establishments}
      staff={staff}
    />
  );
}
