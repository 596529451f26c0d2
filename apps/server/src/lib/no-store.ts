import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './http.ts';

/**
 * For answers holding health data (medical records, a customer's data export): no browser or proxy keeps
 * them. Set before the route's checks, so refusals carry it too (decision 015).
 */
export const noStore = createMiddleware<AppEnv>(async (c, next) => {
  c.header('Cache-Control', 'no-store');
  await next();
});

/**
 * The headers of a page reached by a link's token and of its API answers (a waitlist offer, a customer's
 * class link): the token is the key to one customer's name and places, so no cache keeps it and no search
 * engine that comes across a link lists it (issue #27 item 16).
 */
export const TOKEN_LINK_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
  // The customer portal's pages and answers too (decision 039): nothing of them leaves in a Referer.
  'Referrer-Policy': 'no-referrer',
} as const;

/** The web pages a token link or a portal session opens (apps/web/src/routes/my-classes, waitlist-offers, portal). */
export const isTokenLinkPage = (path: string) =>
  /^\/(my-classes|waitlist-offers)\//.test(path) || /^\/portal(\/|$)/.test(path);

export const tokenLinkHeaders = createMiddleware<AppEnv>(async (c, next) => {
  for (const [name, value] of Object.entries(TOKEN_LINK_HEADERS)) c.header(name, value);
  await next();
});
