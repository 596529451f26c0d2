import { createFileRoute, redirect } from '@tanstack/react-router';
import { myOrganizationsQueryOptions } from '@/features/organizations/api/get-my-organizations.ts';

/**
 * Where signing in lands (AFTER_SIGN_IN_PATH): a member of exactly one organization goes straight into it
 * (#27 item 13); with none or several, the chooser. The chooser itself stays reachable from the menus.
 */
export const Route = createFileRoute('/app/')({
  beforeLoad: async ({ context }) => {
    // No retries here: a failure goes on to the chooser, which shows it with a retry, instead of holding the
    // sign-in on a blank page through the query's backoff (seconds under load).
    const mine = await context.queryClient
      .ensureQueryData({ ...myOrganizationsQueryOptions(), retry: false })
      .catch(() => null);
    const all = mine ? [...mine.owned, ...mine.invited] : [];
    const only = all.length === 1 ? all[0] : undefined;
    if (only) throw redirect({ to: '/app/org/$orgId', params: { orgId: only.id }, replace: true });
    // Loading failed: the chooser shows the error and a retry.
    throw redirect({ to: '/app/select-organization', replace: true });
  },
});
