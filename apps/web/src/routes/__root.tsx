import { useQuery } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  Outlet,
  useLocation,
  useMatches,
  useParams,
} from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageNotFound } from '@/components/errors/error-screen.tsx';
import { PublicLayout } from '@/components/layouts/public-layout.tsx';
import { env } from '@/env.ts';
import { organizationQueryOptions } from '@/features/organizations/api/get-organization.ts';
import { documentTitle, pageTitleKey, useDocumentTitle } from '@/lib/use-document-title.ts';
import type { RouterContext } from '@/router.tsx';

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
  notFoundComponent: RootNotFound,
});

/** A path no route takes (the server answered it 404): the not-found screen in the public pages' layout. */
function RootNotFound() {
  const { auth } = Route.useRouteContext();
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <PublicLayout isSignedIn={auth.userId !== null} currentPath={pathname}>
      <PageNotFound />
    </PublicLayout>
  );
}

function RootComponent() {
  return (
    <>
      <RouteDocumentTitle />
      <Outlet />
      {RouterDevtools && (
        <Suspense>
          <RouterDevtools position="bottom-left" />
        </Suspense>
      )}
    </>
  );
}

/** Each page's tab title: its route's `titleKey`, in the organization it belongs to; follows the language. */
function RouteDocumentTitle() {
  const { t } = useTranslation();
  const titleKey = useMatches({ select: pageTitleKey });
  const organizationId = useParams({ strict: false, select: (params) => params.orgId });
  const organization = useQuery({
    ...organizationQueryOptions(organizationId ?? ''),
    enabled: organizationId !== undefined,
  });
  useDocumentTitle(documentTitle(titleKey && t(titleKey), organizationId && organization.data?.name));
  return null;
}
