import type { Context } from 'hono';
import { matchedRoutes, routePath } from 'hono/route';
import { isUuid } from '../lib/uuid.ts';

/**
 * The route a request was for, as registered — `/api/organizations/:orgId/customers/:customerId` — never
 * the path it was sent to, which carries ids and, for a PSP's webhook, the secret that proves it. Call
 * after the request was answered. When a middleware answered instead of the route (a 401 before the
 * route ran), the route that would have answered; when no route matched, the catch-all that answered
 * (`/api/*`, `*`), so an unknown path never becomes a template of its own.
 */
export function routeTemplate(c: Context): string {
  const answered = routePath(c);
  if (!answered.includes('*')) return answered;
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  const intended = matchedRoutes(c).find((route) => route.method === method && !route.path.includes('*'));
  return intended?.path ?? answered;
}

/** The organization a request named in its path (the template's `:orgId`), when that is a UUID. */
export function organizationIdOf(template: string, path: string): string | undefined {
  const position = template.split('/').indexOf(':orgId');
  if (position < 0) return undefined;
  const value = path.split('/')[position];
  return value && isUuid(value) ? value : undefined;
}
