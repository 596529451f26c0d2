import { createFileRoute } from '@tanstack/react-router';
import { UnderDevelopmentPage } from '@/features/organizations/components/under-development-page.tsx';
import { UPCOMING_FEATURES, type UpcomingFeature } from '@/features/organizations/upcoming-features.ts';

export const Route = createFileRoute('/app/org/$orgId/under_development')({
  staticData: { titleKey: 'underDevelopment.title' },
  validateSearch: (search: Record<string, unknown>): { feature?: UpcomingFeature | undefined } => ({
    feature: UPCOMING_FEATURES.find((feature) => feature === search.feature),
  }),
  component: UnderDevelopmentRoute,
});

function UnderDevelopmentRoute() {
  const { orgId } = Route.useParams();
  const { feature } = Route.useSearch();
  return <UnderDevelopmentPage organizationId={orgId} feature={feature} />;
}
