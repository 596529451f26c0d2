import { randomBytes, randomUUID } from 'node:crypto';
import type { TestApp } from '../../test/test-app.ts';

/**
 * Tests' way into the portal (decision 039): exchange a link's token as the page does, keep the cookie, call
 * the portal's routes with it. Each client comes from an address of its own (the app trusts one proxy hop in
 * these tests), so the exchange's per-address limit is met only where a test means to meet it.
 */
export function portalClient(t: TestApp, address = `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`) {
  let cookie = '';
  const headers = () => ({ 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) });
  return {
    address,
    get cookie() {
      return cookie;
    },
    useCookie(value: string) {
      cookie = value;
    },
    async open(token: string) {
      const opened = await t.request('POST', '/portal/session', { body: { token }, headers: headers() });
      const set = opened.headers.get('set-cookie');
      if (opened.status === 200 && set) cookie = set.split(';')[0] ?? '';
      return opened;
    },
    /** A write carries a fresh Idempotency-Key, as the page's do, unless `extraHeaders` names one. */
    request(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}) {
      const key: Record<string, string> = method === 'POST' ? { 'idempotency-key': randomUUID() } : {};
      return t.request(method, `/portal${path}`, {
        body,
        headers: { ...headers(), ...key, ...extraHeaders },
      });
    },
  };
}

export type PortalClient = ReturnType<typeof portalClient>;

/** The token of a portal link as staff's POST answers it: after `#t=`. */
export const tokenOf = (url: string) => url.slice(url.indexOf('#t=') + 3);
