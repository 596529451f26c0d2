import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './http.ts';

/**
 * The caller's address: the socket's, or behind TRUST_PROXY the address the outermost of our
 * TRUSTED_PROXY_HOPS proxies saw. Each proxy appends the address it received the request from, so only
 * the last TRUSTED_PROXY_HOPS entries of X-Forwarded-For were written by our side; anything left of them
 * was sent by the client and may be anything (issue #16: a varied leftmost entry dodged the rate limit).
 */
export function clientIp(c: Context<AppEnv>): string {
  const { TRUST_PROXY, TRUSTED_PROXY_HOPS } = c.get('deps').env;
  if (TRUST_PROXY) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const seenByOutermostProxy = hops[Math.max(0, hops.length - TRUSTED_PROXY_HOPS)];
    if (seenByOutermostProxy) return seenByOutermostProxy;
  }
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    // In-process requests (tests) have no socket.
    return '127.0.0.1';
  }
}
