import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Toaster } from 'sonner';
import { FullPageSpinner } from './components/ui/spinner.tsx';
import { i18n } from './i18n/index.ts';
import { getToken } from './lib/auth-token.ts';
import { PreferencesProvider, readStoredPreferences } from './lib/preferences.tsx';
import { sessionQueryOptions } from './lib/session.ts';
import type { createAppRouter } from './router.tsx';

type AppRouter = ReturnType<typeof createAppRouter>;

/** Waits for the session (spec §4: a spinner until sign-in has loaded), then hands the router its context. */
function RouterWithSession({ router }: { router: AppRouter }) {
  const session = useQuery(sessionQueryOptions());
  const userId = session.data?.user.id ?? null;
  const auth = useMemo(() => ({ userId, getToken }), [userId]);

  // Matches keep the context they were loaded with: reload them when the user signs in or out.
  const previousUserId = useRef(userId);
  useEffect(() => {
    if (previousUserId.current === userId) return;
    previousUserId.current = userId;
    void router.invalidate();
  }, [router, userId]);

  if (session.isPending) return <FullPageSpinner />;
  return <RouterProvider router={router} context={{ auth }} />;
}

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  const [initialPreferences] = useState(readStoredPreferences);
  return (
    <PreferencesProvider i18n={i18n} initial={initialPreferences}>
      <QueryClientProvider client={queryClient}>
        <RouterWithSession router={router} />
        {/*
          Top-right (spec §9) but below the header, whose language, theme and account controls stay usable,
          and below a page's title row, whose top-right primary button (New customer, Create organization)
          a toast covered for its 4 s (#27 item 14): header 65 px + the page's 32 px padding + a title row of
          up to 64 px.
        */}
        <Toaster
          position="top-right"
          duration={4000}
          visibleToasts={3}
          gap={14}
          offset={{ top: 168, right: 16 }}
          mobileOffset={{ top: 64, right: 8, left: 8 }}
        />
      </QueryClientProvider>
    </PreferencesProvider>
  );
}
