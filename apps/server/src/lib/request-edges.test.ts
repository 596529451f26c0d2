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

describe('security headers', () => {
  it('come with every answer; HSTS only when the public address is https', async () => {
    const response = await t.app.request('/api/health');
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(response.headers.get('content-security-policy')).not.toMatch(
      /unsafe-eval|script-src[^;]*unsafe-inline/,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    const https = await createTestApp({ PUBLIC_URL: 'https://studio.example.com' });
    try {
      const secure = await https.app.request('/api/health');
      expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      const signUp = await https.request('POST', '/auth/sign-up/email', {
        headers: { origin: 'https://studio.example.com' },
        body: { email: 'secure@example.com', password: 'violet kettle orbit', firstName: 'S', lastName: 'C' },
      });
      expect(signUp.headers.getSetCookie().every((cookie) => /;\s*Secure/i.test(cookie))).toBe(true);
    } finally {
      await https.close();
    }
  });

  it('serve the API reference from our own files, with no script from elsewhere', async () => {
    const page = await t.app.request('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    for (const asset of [
      '/api/docs/assets/swagger-ui-bundle.js',
      '/api/docs/assets/swagger-ui.css',
      '/api/docs/start.js',
    ]) {
      const response = await t.app.request(asset);
      expect(response.status, asset).toBe(200);
      expect((await response.text()).length, asset).toBeGreaterThan(40);
    }
  });
});
