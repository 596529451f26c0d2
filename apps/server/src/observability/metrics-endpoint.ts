import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Handler } from 'hono';
import { errorResponse } from '../lib/errors.ts';
import type { AppEnv } from '../lib/http.ts';
import type { Logger } from './logger.ts';
import { metricsText } from './metrics.ts';
// Its gauges read the pools and the job queues on each scrape.
import './resource-metrics.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics` on the main port (METRICS_TOKEN): only for a scraper that presents the token as a bearer,
 * compared in constant time (the digests have one length whatever was sent). 401 otherwise, in the API's
 * error shape.
 */
export function metricsBehindToken(token: string): Handler<AppEnv> {
  const expected = digest(`Bearer ${token}`);
  return async (c) => {
    if (!timingSafeEqual(digest(c.req.header('authorization') ?? ''), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return errorResponse(c, 401, 'UNAUTHENTICATED');
    }
    const { contentType, body } = await metricsText();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  };
}

export type MetricsServer = { port: number; close(): Promise<void> };

/**
 * `GET /metrics` on METRICS_PORT, bound to METRICS_HOST (this machine by default): a plain Node server
 * with nothing else on it, so a firewall or the bind address is its protection and no token is needed.
 * It answers from the start, while the app migrates, and until the server's last step.
 */
export async function startMetricsServer(host: string, port: number, logger: Logger): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    metricsText().then(
      ({ contentType, body }) => response.writeHead(200, { 'Content-Type': contentType }).end(body),
      (error: unknown) => {
        logger.error({ error: String(error) }, 'metrics could not be collected');
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics could not be collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
