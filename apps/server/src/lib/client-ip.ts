import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './http.ts';

/** The caller's address: the socket's, or the first X-Forwarded-For hop when behind a trusted proxy. */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    // In-process requests (tests) have no socket.
    return '127.0.0.1';
  }
}
