import { type Context, Hono } from 'hono';
import type { Logger } from '../observability/logger.ts';
import type { Readiness } from '../observability/readiness.ts';
import { observeRequests } from '../observability/request-observer.ts';
import { errorResponse, handleError } from './errors.ts';
import type { AppEnv } from './http.ts';

/**
 * What the port answers before the app is built (main.ts): the readiness, which says why not yet, and
 * 503 SERVER_STARTING with Retry-After for anything else — `/api/health` included, so whatever waits for
 * its 200 still means "serving".
 */
export function createStartingApp(logger: Logger, readiness: Readiness) {
  const app = new Hono<AppEnv>();
  app.use('*', ...observeRequests({ logger, isStopping: readiness.isStopping }));
  const notYet = (c: Context<AppEnv>) => {
    c.header('Retry-After', '5');
    return errorResponse(c, 503, 'SERVER_STARTING');
  };
  app.get('/api/health/ready', async (c) => c.json({ status: await readiness.check() }, 503));
  // A route of its own, so the probes waiting for start-up are logged as probes (at debug).
  app.get('/api/health', notYet);
  app.all('*', notYet);
  app.onError(handleError);
  return app;
}
