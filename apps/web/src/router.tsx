import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { NotFoundFallback } from './components/errors/error-screen.tsx';
import { RouteErrorScreen } from './components/errors/route-error-screen.tsx';
import { FullPageSpinner } from './components/ui/spinner.tsx';
import type { TranslationKey } from './lib/i18n-keys.ts';
import { routeTree } from './routeTree.gen.ts';

/** What every route receives (spec §2): the query client, the user id and the token getter. */
export type AuthContext = {
  userId: string | null;
  getToken: () => Promise<string | null>;
};

export type RouterContext = {
  queryClient: QueryClient;
  auth: AuthContext;
};

export function createAppRouter(queryClient: QueryClient, auth: AuthContext) {
  return createRouter({
    routeTree,
    context: { queryClient, auth },
    defaultPreload: 'intent',
    // Loaders go through the query cache, which decides freshness; the router must not add its own.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: () => <FullPageSpinner />,
    defaultErrorComponent: RouteErrorScreen,
    defaultNotFoundComponent: NotFoundFallback,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page's name in the tab title, 'Clientes · Estúdio X · Reformer' (lib/use-document-title.ts). */
    titleKey?: TranslationKey;
  }
}
