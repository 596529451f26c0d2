import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PageNotFound } from '../components/errors/error-screen.tsx';
import { env } from '../env.ts';
import type { RouterContext } from '../router.tsx';

// Loaded only in the local environment, so stage and prod never download the devtools.
const RouterDevtools =
  env.environment === 'local'
    ? lazy(() =>
        import('@tanstack/react-router-devtools').then((module) => ({
          default: module.TanStackRouterDevtools,
        })),
      )
    : null;

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  notFoundComponent: () => <PageNotFound />,
});

function RootComponent() {
  return (
    <>
      <Outlet />
      {RouterDevtools && (
        <Suspense>
          <RouterDevtools position="bottom-left" />
        </Suspense>
      )}
    </>
  );
}
