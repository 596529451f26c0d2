import pg from 'pg';
import type { Logger } from '../observability/logger.ts';
import { MembershipCache } from './membership-cache.ts';

/** The channel the migration's triggers notify (0040_membership_cache_notify.sql). */
export const MEMBERSHIP_CHANNEL = 'membership_cache';

const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5000;

export type MembershipListener = {
  cache: MembershipCache;
  /** The LISTEN connection's backend pid while connected (tests terminate it). */
  backendPid(): number | null;
  close(): Promise<void>;
};

/**
 * The process's one LISTEN connection, outside the pools (a pooled connection is shared and recycled; this
 * one must stay subscribed): it feeds `cache` the notifications. When the connection is lost the cache is
 * emptied and bypassed, and it reconnects with a doubling delay up to 5 s; the cache serves again once LISTEN
 * is back. Resolves after the first attempt, whether it connected or not: a server starts with the cache
 * bypassed rather than not at all.
 */
export async function startMembershipListener(
  databaseUrl: string,
  logger: Logger,
  cache = new MembershipCache(),
): Promise<MembershipListener> {
  let client: pg.Client | null = null;
  let isClosed = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | null = null;

  const lose = (lost: pg.Client, reason: string) => {
    if (client !== lost) return;
    client = null;
    cache.lost();
    lost.end().catch(() => {});
    if (isClosed) return;
    logger.warn(
      { reason, retryMs },
      'membership cache: LISTEN connection lost; reading memberships uncached',
    );
    schedule();
  };

  const schedule = () => {
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };

  const connect = async () => {
    const next = new pg.Client({
      connectionString: databaseUrl,
      application_name: 'reformer-membership-cache',
    });
    next.on('error', (error) => lose(next, reasonOf(error)));
    next.on('end', () => lose(next, 'connection ended'));
    next.on('notification', (message) => cache.invalidate(message.payload ?? ''));
    try {
      client = next;
      await next.connect();
      await next.query(`LISTEN ${MEMBERSHIP_CHANNEL}`);
    } catch (error) {
      if (client === next) {
        client = null;
        next.end().catch(() => {});
        if (!isClosed) {
          logger.warn({ reason: reasonOf(error), retryMs }, 'membership cache: cannot LISTEN yet; retrying');
          schedule();
        }
      }
      return;
    }
    if (isClosed || client !== next) return;
    retryMs = FIRST_RETRY_MS;
    cache.listening();
    logger.info('membership cache: listening for membership changes');
  };

  await connect();
  return {
    cache,
    backendPid: () => (client && cache.isListening ? pidOf(client) : null),
    close: async () => {
      isClosed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      cache.lost();
      await last?.end();
    },
  };
}

/** A code or message, never the connection string (it may carry a password). */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}

const pidOf = (client: pg.Client) => (client as unknown as { processID?: number }).processID ?? null;
