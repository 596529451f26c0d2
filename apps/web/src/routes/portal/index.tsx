import { createFileRoute } from '@tanstack/react-router';
import { PortalPage } from '@/features/portal/components/portal-page.tsx';

export const Route = createFileRoute('/portal/')({
  staticData: { titleKey: 'portal.title' },
  component: PortalPage,
});
