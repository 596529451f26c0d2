import { createFileRoute, redirect } from '@tanstack/react-router';
import { PageNotFound } from '@/components/errors/error-screen.tsx';
import { RouteErrorScreen } from '@/components/errors/route-error-screen.tsx';
import { AppLayout } from '@/components/layouts/app-layout.tsx';
import { UserMenu } from '@/features/auth/components/user-menu.tsx';
import { sessionQueryOptions } from '@/lib/session.ts';

/**
 * Everything under /app needs a signed-in user. The session cache is the source of truth here (it is
 * updated the moment sign-in or sign-out completes); children get a context whose userId is set.
 */
export const Route = createFileRoute('/app')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (!session) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    return { auth: { userId: session.user.id, getToken: context.auth.getToken } };
  },
  component: () => <AppLayout userMenu={<UserMenu />} />,
  errorComponent: RouteErrorScreen,
  notFoundComponent: () => <PageNotFound home="app" />,
});
