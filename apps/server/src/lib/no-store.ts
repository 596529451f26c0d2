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
