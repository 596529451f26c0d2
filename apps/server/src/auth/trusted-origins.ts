import type { Env } from '../env.ts';

/**
 * The origins allowed to call sign-up, sign-in and the other auth routes. With PUBLIC_URL set, that
 * address only. Without it, a studio may open the app by 127.0.0.1 or by the machine's LAN address (a
 * tablet at the front desk): a request whose Origin is its own scheme and host is same-origin and is
 * accepted (ARCHITECTURE §8); any other origin is still refused. Vite's dev server only in development.
 */
export function trustedOrigins(env: Env, baseURL: string) {
  const fixed = env.NODE_ENV === 'development' ? [baseURL, 'http://localhost:5173'] : [baseURL];
  if (env.PUBLIC_URL) return fixed;
  return (request?: Request) => (request ? [...fixed, new URL(request.url).origin] : fixed);
}
