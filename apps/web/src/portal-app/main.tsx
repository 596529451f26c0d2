import { parseLanguage } from '@reformer/domain/preferences';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { openPortal } from '@/features/portal/api/portal-api.ts';
import { readStoredPreferences } from '@/lib/preferences.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { initPortalI18n } from './i18n.ts';
import { PortalApp, portalViewAt } from './portal-app.tsx';
import './portal.css';

// The entry of `/portal` (portal.html): the customer's phone downloads the portal and its words only, not the
// staff app, and shows the pre-rendered shell (render.tsx) before any of it has arrived (bench/portal.mjs).
const root = document.getElementById('root');
if (!root) throw new Error('portal.html must contain <div id="root">');

const queryClient = createQueryClient();
const view = portalViewAt(window.location.pathname);
// The link is exchanged and the home asked for while the catalog loads, not after.
const opening = view.page === 'home' ? openPortal(queryClient) : Promise.resolve('OPEN' as const);
// The shell's language, which the server chose by the language cookie; the development server sends none.
const shellLanguage = root.dataset.language ? parseLanguage(root.dataset.language) : null;
const initialPreferences = { ...readStoredPreferences(), ...(shellLanguage && { language: shellLanguage }) };
const i18n = await initPortalI18n(initialPreferences.language);
const app = (
  <StrictMode>
    <PortalApp
      i18n={i18n}
      queryClient={queryClient}
      view={view}
      initialPreferences={initialPreferences}
      opening={opening}
    />
  </StrictMode>
);
// The shell is the home's first state: another page (a receipt) renders in its place. Hydrating is a
// transition, which React splits into short tasks: the shell stays scrollable on a slow phone meanwhile.
if (shellLanguage && view.page === 'home') startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
