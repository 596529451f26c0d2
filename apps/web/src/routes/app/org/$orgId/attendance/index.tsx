import { AttendanceSearchParams } from '@reformer/domain/sessions';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '@/components/errors/error-screen.tsx';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { AttendancePage } from '@/features/attendance/components/attendance-page.tsx';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import { schedulesQueryOptions } from '@/features/schedules/api/get-schedules.ts';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { canOpenAttendance } from '@/lib/attendance-access.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { ensureEstablishmentChoices, useEstablishmentChoices } from '../-establishment-choices.ts';

/** The schedule filter offers the first 100 schedules (the API's largest page), enough for a studio. */
const SCHEDULE_CHOICES = { page: 1, limit: 100 } as const;

export const Route = createFileRoute('/app/org/$orgId/attendance/')({
  staticData: { titleKey: 'attendance.title' },
  // This week's calendar by default; a hand-edited bad value falls back.
  validateSearch: (search: Partial<AttendanceSearchParams> & SearchSchemaInput): AttendanceSearchParams =>
    AttendanceSearchParams.parse(search),
  loader: async ({ context: { queryClient }, params: { orgId } }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    if (!canOpenAttendance(profile)) throw new AccessDeniedError('Access denied to attendance');
    await Promise.all([
      ensureEstablishmentChoices(queryClient, orgId, profile),
      queryClient.ensureQueryData(schedulesQueryOptions(orgId, SCHEDULE_CHOICES)),
    ]);
  },
  component: AttendanceRoute,
  errorComponent: AttendanceError,
});

function AttendanceRoute() {
  const { orgId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(orgId));
  const { data: schedules } = useSuspenseQuery(schedulesQueryOptions(orgId, SCHEDULE_CHOICES));
  const { establishments, instructors } = useEstablishmentChoices(orgId, 'VIEW_SCHEDULES');
  const onSearchChange = useCallback(
    (next: Partial<AttendanceSearchParams>) => navigate({ search: (previous) => ({ ...previous, ...next }) }),
    [navigate],
  );
  return (
    <AttendancePage
      organizationId={orgId}
      timeZone={organization.timeZone}
      search={search}
      onSearchChange={onSearchChange}
      establishments={establishments}
      instructors={instructors}
      schedules={schedules.items}
    />
  );
}

function AttendanceError(props: ErrorComponentProps) {
  const { t } = useTranslation();
  if (!(props.error instanceof AccessDeniedError)) return <RouteErrorScreen {...props} />;
  return <ErrorScreen kind="accessDenied" message={t('attendance.accessDenied')} home="app" />;
}
