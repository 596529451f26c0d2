import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';

type Fetch = Parameters<typeof createAdaptorServer>[0]['fetch'];

export type HttpServer = {
  /** The port listened on (PORT=0 asks the system for a free one). */
  port(): number;
  /** From now on the app answers: until then, the start-up answers given to `listen`. */
  serve(fetch: Fetch): void;
  /**
   * Stops listening (new connections are refused) and closes idle kept-alive connections at once, then
   * waits for the requests in flight; those still running after `timeoutMs` are cut off. Resolves with
   * how many connections were cut.
   */
  close(timeoutMs: number): Promise<{ cut: number }>;
};

/**
 * Listens on `port` before the database is ready, so `GET /api/health/ready` can say the server is starting
 * or migrating (a proxy then waits for it instead of finding the port closed), and a port already taken is
 * found before PostgreSQL starts. Rejects with the listening error (EADDRINUSE, EACCES).
 */
export async function listen(
  options: { port: number; hostname: string },
  starting: Fetch,
): Promise<HttpServer> {
  let current = starting;
  const fetch: Fetch = (request, env) => current(request, env);
  // Always a node:http server: no `createServer` option asks for HTTP/2.
  const server = createAdaptorServer({ fetch, hostname: options.hostname }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.hostname, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: () => (server.address() as AddressInfo).port,
    serve: (fetch) => {
      current = fetch;
    },
    close: (timeoutMs) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          server.getConnections((_error, count) => {
            server.closeAllConnections();
            resolve({ cut: count });
          });
        }, timeoutMs);
        // Node's close() also closes the connections that are idle now; those in flight close after their
        // answer, which carries `Connection: close` (observability/request-observer.ts).
        server.close(() => {
          clearTimeout(timer);
          resolve({ cut: 0 });
        });
      }),
  };
}
