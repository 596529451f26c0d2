import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
});
afterAll(() => t.close());

async function postOrganization(headers: Record<string, string>, body: string) {
  const response = await t.app.request('/api/organizations', {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, ...headers },
    body,
  });
  return {
    status: response.status,
    body: (await response.json()) as { error: { code: string; message: string } },
  };
}

describe('request bodies that are not JSON', () => {
  it.each([
    ['text/plain', { 'content-type': 'text/plain' }, '{"name":"Studio"}'],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'name=Studio'],
    ['no Content-Type', {}, '{"name":"Studio"}'],
  ])('answer 415 with the error shape for %s, creating nothing', async (_, headers, body) => {
    const response = await postOrganization(headers, body);
    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(response.body.error.message).toMatch(/JSON/);
    const mine = await t.request('GET', '/organizations/me', { token: user.token });
    expect(mine.body.owned).toEqual([]);
  });
});
