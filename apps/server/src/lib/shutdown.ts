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
  database?: DatabaseHandle;
  embedded?: { stop(): Promise<void> } | null;
};

/** Past the requests' and the jobs' own timeout, this long for the database to close before giving up. */
const STOP_MARGIN_MS = 15_000;

type Options = { logger: Logger; readiness: Readiness; timeoutMs: number; exit?: (code: number) => never };

/**
 * SIGTERM and SIGINT (decision 037): readiness turns false at once; then the server stops accepting
 * connections and lets the requests in flight finish while the job runner lets its running jobs finish,
 * both up to `timeoutMs`; then the PIX sandbox, the database pools, and the embedded PostgreSQL last;
 * then the process exits 0. A signal during start-up is honoured once start-up is done — a migration is
 * never interrupted — and if stopping hangs, the process exits 1 after `timeoutMs` + STOP_MARGIN_MS
 * (the embedded PostgreSQL's watchdog then stops it).
 */
export function createShutdown(parts: RunningParts, options: Options) {
  const { logger, readiness, timeoutMs, exit = process.exit } = options;
  let isStarted = false;
  let requestedBy: string | null = null;

  // Reached once: by the first signal after start-up, or by the end of start-up after one.
  const stop = () => {
    void stopParts(parts, timeoutMs, logger).then(
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
      setTimeout(() => {
        logger.error({ signal }, 'did not stop in time; exiting');
        exit(1);
      }, timeoutMs + STOP_MARGIN_MS).unref();
      if (isStarted) stop();
    },
    started() {
      isStarted = true;
      if (requestedBy) stop();
    },
  };
}

async function stopParts(parts: RunningParts, timeoutMs: number, logger: Logger) {
  const [http] = await Promise.all([parts.http.close(timeoutMs), parts.jobs?.stop(timeoutMs)]);
  if (http.cut) logger.warn({ connections: http.cut, timeoutMs }, 'requests still running were cut off');
  await parts.metrics?.close();
  await parts.pixSandbox?.close();
  await parts.database?.close();
  await parts.embedded?.stop();
  logger.info('stopped');
}
