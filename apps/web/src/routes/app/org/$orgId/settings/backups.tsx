import { createFileRoute } from '@tanstack/react-router';
import { backupsQueryOptions } from '@/features/backups/api/backups.ts';
import { BackupsPage } from '@/features/backups/components/backups-page.tsx';

/** Settings → Backups: the server answers 403 to anyone but a user who owns every organization (decision 036). */
export const Route = createFileRoute('/app/org/$orgId/settings/backups')({
  staticData: { titleKey: 'backups.title' },
  loader: ({ context: { queryClient }, params: { orgId } }) =>
    queryClient.ensureQueryData(backupsQueryOptions(orgId)),
  component: BackupsRoute,
});

function BackupsRoute() {
  const { orgId } = Route.useParams();
  return <BackupsPage organizationId={orgId} />;
}
