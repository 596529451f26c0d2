import { createFileRoute } from '@tanstack/react-router';
import { PageNotFound } from '@/components/errors/error-screen.tsx';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { AppLayout } from '@/components/layouts/app-layout.tsx';

/** The customer portal (decision 039): opened by a customer, who has no staff account — no user menu. */
export const Route = createFileRoute('/portal')({
  component: () => <AppLayout userMenu={null} />,
  errorComponent: RouteErrorScreen,
  notFoundComponent: () => <PageNotFound />,
});
