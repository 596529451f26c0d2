import { canAny } from '@reformer/domain/permissions';
import { SchedulesSearchParams } from '@reformer/domain/schedules';
import { createFileRoute, type ErrorComponentProps, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '@/components/errors/error-screen.tsx';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { schedulesQueryOptions } from '@/features/schedules/api/get-schedules.ts';
import { SchedulesPage } from '@/features/schedules/components/schedules-page.tsx';
import type { SchedulesQueryChange } from '@/features/schedules/components/schedules-results.tsx';
import { accessProfileQueryOptions } from '@/lib/access-profile.ts';
import { AccessDeniedError } from '@/lib/route-errors.ts';
import { ensureEstablishmentChoices, useEstablishmentChoices } from '../-establishment-choices.ts';

export const Route = createFileRoute('/app/org/$orgId/schedules/')({
  staticData: { titleKey: 'schedules.title' },
  // Page 1, limit 10 and no filter by default; a hand-edited bad value falls back to its default.
  validateSearch: (search: Partial<SchedulesSearchParams> & SearchSchemaInput): SchedulesSearchParams =>
    SchedulesSearchParams.parse(search),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params: { orgId }, deps }) => {
    const profile = await queryClient.ensureQueryData(accessProfileQueryOptions(orgId));
    // Spec §2: VIEW_SCHEDULES for all establishments or for at least one.
    if (!canAny(profile, 'VIEW_SCHEDULES')) throw new AccessDeniedError('Access denied to schedules page');
    // Fetched, not awaited: a new filter or page must not hold the page (and its filters) hostage.
    void queryClient.prefetchQuery(schedulesQueryOptions(orgId, deps));
    await ensureEstablishmentChoices(queryClient, orgId, profile);
  },
  component: SchedulesRoute,
  errorComponent: SchedulesError,
});

function SchedulesRoute() {
  const { orgId } = Route.useParams();
  const query = Route.useSearch();
  const navigate = Route.useNavigate();
  const { establishments, instructors } = useEstablishmentChoices(orgId, 'VIEW_SCHEDULES');
  const onQueryChange = useCallback<SchedulesQueryChange>(
    (next, options) =>
      navigate({ search: (previous) => ({ ...previous, ...next }), replace: options?.replace }),
    [navigate],
  );
  return (
    <SchedulesPage
      organizationId={orgId}
      query={query}
      onQueryChange={onQueryChange}
      establishments={establishments}
      instructors={instructors}
    />
  );
}

/** Spec §8: the guard's own words, 'Access denied to schedules page', in the user's language. */
function SchedulesError(props: ErrorComponentProps) {
  const { t } = useTranslation();
  if (!(props.error instanceof AccessDeniedError)) return <RouteErrorScreen {...props} />;
  return <ErrorScreen kind="accessDenied" message={t('schedules.accessDenied')} home="app" />;
}
