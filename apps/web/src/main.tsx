import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { env } from './env.ts';
import { initI18n } from './i18n/index.ts';
import { getToken } from './lib/auth-token.ts';
import { readStoredPreferences } from './lib/preferences.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

initI18n(readStoredPreferences().language);
document.title = env.appName;

const queryClient = createQueryClient();
const router = createAppRouter(queryClient, { userId: null, getToken });

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
