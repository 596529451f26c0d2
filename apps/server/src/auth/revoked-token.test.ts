import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type OpenApi = { paths: Record<string, Record<string, { security?: unknown[] }>> };

/**
 * Guards the rule of auth/bearer.ts: under /organizations/{orgId} the session is checked by the membership
 * query, so a route there that forgot requireMembership would let a signed-out token through. Every
 * operation of the API, today's and those added later, is called with a token whose session is gone.
 */
describe('a token whose sign-in session has ended', () => {
  it('is refused with 401 by every operation that needs a token', async () => {
    const member = await createUser(t);
    const organization = await createOrganization(t, member);
    await t.request('POST', '/auth/sign-out', { headers: { cookie: member.cookie }, body: {} });
    const document = (await t.request('GET', '/openapi.json')).body as OpenApi;
    const refused: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!operation.security?.length) continue;
        operations += 1;
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
          name === 'orgId' || name === 'organizationId' ? organization.id : randomUUID(),
        );
        const body = ['post', 'put', 'patch'].includes(method) ? {} : undefined;
        const response = await t.request(method.toUpperCase(), url, { token: member.token, body });
        if (response.status !== 401) refused.push(`${method.toUpperCase()} ${path} → ${response.status}`);
      }
    }
    expect(operations).toBeGreaterThan(30);
    expect(refused).toEqual([]);
  });
});
