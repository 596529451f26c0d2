import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageNotFound } from '@/components/errors/error-screen.tsx';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { AppLayout } from '@/components/layouts/app-layout.tsx';
import { UserMenu } from '@/features/auth/components/user-menu.tsx';
import { sessionQueryOptions } from '@/lib/session.ts';

/**
 * Invitation links are opened signed in or not. One layout for both, so the page keeps its state when the
 * user signs out to switch account; the user menu appears only with a session.
 */
export const Route = createFileRoute('/staff-invite')({
  component: StaffInviteLayout,
  errorComponent: RouteErrorScreen,
  notFoundComponent: () => <PageNotFound />,
});

function StaffInviteLayout() {
  const { data: session } = useQuery(sessionQueryOptions());
  return <AppLayout userMenu={session ? <UserMenu /> : null} />;
}
