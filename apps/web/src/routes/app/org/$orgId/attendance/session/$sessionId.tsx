import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '@/components/errors/error-screen.tsx';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { sessionQueryOptions } from '@/features/attendance/api/get-session.ts';
import { SessionPage } from '@/features/attendance/components/session-page.tsx';
import { WaitlistPanel } from '@/features/attendance/components/waitlist-panel.tsx';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import { usePermissions } from '@/lib/access-profile.ts';
import { ApiError } from '@/lib/api-error.ts';

export const Route = createFileRoute('/app/org/$orgId/attendance/session/$sessionId')({
  staticData: { titleKey: 'attendance.title' },
  // The server answers 404 for a session that does not exist and for one the member may not see.
  loader: ({ context: { queryClient }, params: { orgId, sessionId } }) =>
    queryClient.ensureQueryData(sessionQueryOptions(orgId, sessionId)),
  component: SessionRoute,
  errorComponent: SessionError,
});

function SessionRoute() {
  const { orgId, sessionId } = Route.useParams();
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(orgId));
  const { data: session } = useSuspenseQuery(sessionQueryOptions(orgId, sessionId));
  const permissions = usePermissions(orgId);
  const at = { scope: 'ESTABLISHMENT', establishmentId: session.establishmentId } as const;
  return (
    <SessionPage organizationId={orgId} sessionId={sessionId} timeZone={organization.timeZone}>
      <WaitlistPanel
        organizationId={orgId}
        sessionId={sessionId}
        timeZone={organization.timeZone}
        rosterIds={session.roster.map((entry) => entry.customerId)}
        canManage={permissions.can('MANAGE_ATTENDANCE', at)}
      />
    </SessionPage>
  );
}

/** Spec §8: 'Session not found or you don't have permission to view it.' */
function SessionError(props: ErrorComponentProps) {
  const { t } = useTranslation();
  const isMissing =
    props.error instanceof ApiError && (props.error.status === 404 || props.error.status === 403);
  if (!isMissing) return <RouteErrorScreen {...props} />;
  return <ErrorScreen kind="notFound" message={t('attendance.session.notFound')} home="app" />;
}
