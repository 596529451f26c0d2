import { createFileRoute } from '@tanstack/react-router';
import { PublicStudioPage } from '@/features/studio-pages/components/public-studio-page.tsx';

/**
 * A studio's public page (decision 045). The app's own paths are static routes, which the router ranks
 * first, and the domain refuses them as slugs.
 */
export const Route = createFileRoute('/$slug')({
  staticData: { titleKey: 'studioPage.title' },
  component: () => <PublicStudioPage slug={Route.useParams().slug} />,
});
