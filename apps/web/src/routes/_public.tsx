import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router';
import { PublicLayout } from '@/components/layouts/public-layout.tsx';

/**
 * Sign-in and sign-up, in the public pages' layout. `/`, `/about` and `/privacy-policy` are not routes of
 * the app: they are pre-rendered pages of their own entry (src/public-site/), reached by full page loads.
 */
export const Route = createFileRoute('/_public')({
  component: PublicLayoutRoute,
});

function PublicLayoutRoute() {
  const { auth } = Route.useRouteContext();
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <PublicLayout isSignedIn={auth.userId !== null} currentPath={pathname}>
      <Outlet />
    </PublicLayout>
  );
}
