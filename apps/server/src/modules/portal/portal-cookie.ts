import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../../lib/http.ts';

/** The portal's own cookie (decision 039), scoped to /api/portal so no staff route ever receives it. */
export const PORTAL_COOKIE = 'reformer_portal';
export const COOKIE_PATH = '/api/portal';

export const cookieOf = (c: Context<AppEnv>) => getCookie(c, PORTAL_COOKIE);
