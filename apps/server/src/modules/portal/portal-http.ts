import { createRoute } from '@hono/zod-openapi';
import { AppError } from '@reformer/domain/errors';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/http.ts';
import { TOKEN_LINK_HEADERS } from '../../lib/no-store.ts';
import { errorResponse } from '../../lib/openapi.ts';
import type { PortalDeps } from './portal-access.ts';
import { portalIdempotency } from './portal-idempotency.ts';

/**
 * What every portal router shares (decision 039): the portal's own cookie, httpOnly, SameSite=Lax, Secure on
 * https, scoped to /api/portal so no staff route ever receives it; these routes never read a bearer token, so
 * a member's opens none of them. Each part of the portal (classes, payments, contract…) has its router.
 */
const tags = ['Customer portal'];

export { COOKIE_PATH, cookieOf, PORTAL_COOKIE } from './portal-cookie.ts';

/**
 * Every answer, refusals included: no cache keeps it, no search engine lists it, no Referer carries the
 * page's address; a 429 says when to come back.
 */
const portalHeaders = createMiddleware<AppEnv>(async (c, next) => {
  for (const [name, value] of Object.entries(TOKEN_LINK_HEADERS)) c.header(name, value);
  await retryAfter(c, next);
});

/** A 429 of a public door (hitRateLimit) says when to come back; the studio's public page shares it. */
export const retryAfter = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const error = c.error;
  if (error instanceof AppError && error.code === 'RATE_LIMITED') {
    const seconds = (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? 60;
    c.res.headers.set('Retry-After', String(seconds));
  }
});

export const depsOf = (c: Context<AppEnv>): PortalDeps => ({
  db: c.get('deps').db,
  tenantDb: c.get('deps').tenantDb,
  now: c.get('deps').now(),
  publicUrl: c.get('deps').publicUrl,
  ipAddress: clientIp(c),
  userAgent: c.req.header('user-agent'),
});

export const signedOut = { 401: errorResponse('PORTAL_SESSION_REQUIRED: no live portal session') };

/**
 * A portal route: tagged, answered with the portal's headers, and a write's `Idempotency-Key` kept per
 * session (portal-idempotency.ts).
 */
export const portalRoute = <const R extends Parameters<typeof createRoute>[0]>(spec: R) =>
  createRoute({ ...spec, tags, middleware: [portalHeaders, portalIdempotency] });
