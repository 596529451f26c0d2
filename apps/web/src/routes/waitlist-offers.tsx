import { createFileRoute } from '@tanstack/react-router';
import { PageNotFound } from '@/components/errors/error-screen.tsx';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { AppLayout } from '@/components/layouts/app-layout.tsx';

/** A waitlist offer's link is opened by a customer, who has no account: no user menu, no sign-in. */
export const Route = createFileRoute('/waitlist-offers')({
  component: () => <AppLayout userMenu={null} />,
  errorComponent: RouteErrorScreen,
  notFoundComponent: () => <PageNotFound />,
});
