import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let twoHops: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '10' });
  twoHops = await createTestApp({ TRUST_PROXY: 'true', TRUSTED_PROXY_HOPS: '2', AUTH_RATE_LIMIT_MAX: '10' });
});
afterAll(async () => {
  await t.close();
  await twoHops.close();
});

/** 14 wrong-password sign-ins, each with a different client-made first X-Forwarded-For entry. */
async function signInStatuses(app: TestApp, email: string, proxyEntries: string) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 14; attempt += 1) {
    const response = await app.request('POST', '/auth/sign-in/email', {
      headers: { 'x-forwarded-for': `198.51.100.${attempt}, ${proxyEntries}` },
      body: { email, password: 'not the password at all' },
    });
    statuses.push(response.status);
  }
  return statuses;
}

describe('client address behind a trusted proxy', () => {
  it('rate-limits on the address our proxy saw, whatever the client puts first in X-Forwarded-For', async () => {
    const user = await createUser(t);
    const statuses = await signInStatuses(t, user.email, '203.0.113.7');
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
  });

  it('with two trusted hops, takes the entry second from the right', async () => {
    const user = await createUser(twoHops);
    // The client varies the first entry; our CDN wrote 203.0.113.9, our load balancer the CDN's address.
    const statuses = await signInStatuses(twoHops, user.email, '203.0.113.9, 10.0.0.2');
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });
});
