import type { DatabaseHandle } from '../db/client.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { Logger } from '../observability/logger.ts';
import type { Readiness } from '../observability/readiness.ts';
import type { HttpServer } from './http-server.ts';

/** What main.ts has started so far; a part not started yet is simply absent. */
export type RunningParts = {
  http: HttpServer;
  metrics?: { close(): Promise<void> } | null;
  jobs?: JobRunner;
  pixSandbox?: { close(): Promise<void> } | null;
  membershipListener?: { close(): Promise<void> };
  database?: DatabaseHandle;
  embedded?: { stop(): Promise<void> } | null;
};

/** Past the requests' and the jobs' own timeout, this long for the database to close before giving up. */
const STOP_MARGIN_MS = 15_000;

/**
 * How long the server goes on accepting connections and serving after the signal, its readiness already
 * false (decision 047): the proxy's health check (deploy/Caddyfile, every second) sees it and sends its
 * requests to the other instance before this one closes its port. Closed at once, the proxy would first
 * learn it from a refused connection, and Caddy cannot send a request with a body elsewhere then: a create
 * would be answered 502 (bench/rolling-restart.mjs found them).
 */
export const DRAIN_MS = 3000;

type Options = {
  logger: Logger;
  readiness: Readiness;
  timeoutMs: number;
  /** DRAIN_MS unless told; the timeout for stopping counts from its end. */
  drainMs?: number;
  exit?: (code: number) => never;
};

/**
 * SIGTERM and SIGINT (decision 037): readiness turns false at once; on SIGTERM — what a service manager and a
 * rolling restart send — the server goes on serving for `drainMs` (each answer closing its connection), so a
 * proxy stops sending it requests first (a Ctrl-C, SIGINT, stops at once: no proxy waits on a terminal's
 * server); then it stops accepting
 * connections and lets the requests in flight finish while the job runner lets its running jobs finish,
 * both up to `timeoutMs`; then the PIX sandbox, the membership cache's LISTEN connection, the database pools, and the embedded PostgreSQL last;
 * then the process exits 0. A signal during start-up is honoured once start-up is done — a migration is
 * never interrupted — and if stopping hangs, the process exits 1 after `drainMs` + `timeoutMs` + STOP_MARGIN_MS
 * (the embedded PostgreSQL's watchdog then stops it).
 */
export function createShutdown(parts: RunningParts, options: Options) {
  const { logger, readiness, timeoutMs, drainMs = DRAIN_MS, exit = process.exit } = options;
  let isStarted = false;
  let requestedBy: string | null = null;

  // Reached once: by the first signal after start-up, or by the end of start-up after one.
  const stop = () => {
    void drain(requestedBy === 'SIGTERM' ? drainMs : 0)
      .then(() => stopParts(parts, timeoutMs, logger))
      .then(
        () => exit(0),
        (error: unknown) => {
          logger.error({ error: String(error) }, 'stopping failed');
          exit(1);
        },
      );
  };

  return {
    request(signal: string) {
      if (requestedBy) {
        logger.warn({ signal }, `already stopping (${requestedBy})`);
        return;
      }
      requestedBy = signal;
      readiness.stopping();
      logger.info({ signal, timeoutMs }, isStarted ? 'stopping' : 'stopping once start-up is done');
      setTimeout(
        () => {
          logger.error({ signal }, 'did not stop in time; exiting');
          exit(1);
        },
        drainMs + timeoutMs + STOP_MARGIN_MS,
      ).unref();
      if (isStarted) stop();
    },
    started() {
      isStarted = true;
      if (requestedBy) stop();
    },
  };
}

const drain = (drainMs: number) => new Promise<void>((resolve) => setTimeout(resolve, drainMs));

async function stopParts(parts: RunningParts, timeoutMs: number, logger: Logger) {
  const [http] = await Promise.all([parts.http.close(timeoutMs), parts.jobs?.stop(timeoutMs)]);
  if (http.cut) logger.warn({ connections: http.cut, timeoutMs }, 'requests still running were cut off');
  await parts.metrics?.close();
  await parts.pixSandbox?.close();
  await parts.membershipListener?.close();
  await parts.database?.close();
  await parts.embedded?.stop();
  logger.info('stopped');
}
