import { createMiddleware } from 'hono/factory';
import { requestId } from 'hono/request-id';
import type { AppEnv } from '../lib/http.ts';
import type { Logger } from './logger.ts';
import { countRequestAnswered, countRequestStarted } from './metrics.ts';
import { organizationIdOf, routeTemplate } from './route-template.ts';

const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * Asked every few seconds by a proxy, a load balancer or Prometheus, whatever the answer: a line each would
 * bury the requests of people. Counted in the metrics all the same; logged at `debug`.
 */
const PROBES = new Set(['/api/health', '/api/health/ready', '/metrics']);

/**
 * First on every request, of the app and of the start-up answers alike: gives it an id (a proxy's
 * `X-Request-Id` when it sends a plain one, else a new UUID) returned in `X-Request-Id` and in any error
 * body (lib/errors.ts), then, once answered, counts it in the metrics and writes its log line — the
 * route's template, never the path, so no id, token or webhook secret of a path reaches the log; no query
 * string, body, name or e-mail either. While the server stops, each answer closes its connection, so a
 * client's next request opens one to an instance that is still serving.
 */
export function observeRequests(options: { logger: Logger; isStopping: () => boolean }) {
  const { logger, isStopping } = options;
  const assignId = requestId({ headerName: REQUEST_ID_HEADER, limitLength: 128 });
  const observe = createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    c.set('logger', logger);
    countRequestStarted();
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } finally {
      const id = c.get('requestId');
      // Answers built outside the context (static files, better-auth's) did not take the header.
      if (!c.res.headers.has(REQUEST_ID_HEADER)) c.res.headers.set(REQUEST_ID_HEADER, id);
      if (isStopping()) c.res.headers.set('Connection', 'close');
      const route = routeTemplate(c);
      const seconds = (performance.now() - started) / 1000;
      countRequestAnswered(c.req.method, route, status, seconds);
      const level = PROBES.has(route) ? 'debug' : status >= 500 ? 'warn' : 'info';
      if (logger.isLevelEnabled(level)) {
        const organizationId = organizationIdOf(route, c.req.path);
        const durationMs = Math.round(seconds * 10_000) / 10;
        const line = { requestId: id, method: c.req.method, route, status, durationMs, organizationId };
        logger[level](line, 'request');
      }
    }
  });
  return [assignId, observe] as const;
}
