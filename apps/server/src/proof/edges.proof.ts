import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createUser,
  exchangeToken,
  sessionCookie,
  type TestUser,
} from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The request edges of issue #17, kept fixed in one place: the server's side of them. The browser's side (the
 * policy the pages really run under, framing, a foreign page's fetch) is e2e/tests/security-headers.spec.ts;
 * a signed-out token on every operation is auth/revoked-token.test.ts, and across two instances
 * bench/two-instances.mjs.
 */
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };

const FOREIGN_ORIGIN = 'https://evil.example';

/** A raw request to the in-process app, bearer token of `user` unless `token` is null. */
async function send(
  method: string,
  path: string,
  init: {
    headers?: Record<string, string>;
    body?: string | ReadableStream<Uint8Array>;
    token?: string | null;
  } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== null) headers.authorization = `Bearer ${init.token ?? user.token}`;
  const response = await t.app.request(`/api${path}`, {
    method,
    headers,
    body: init.body,
    ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await response.text();
  const body = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
  return { status: response.status, headers: response.headers, body: body as ErrorBody };
}

function expectErrorShape(response: { body: ErrorBody }, code: string) {
  expect(response.body.error.code).toBe(code);
  expect(response.body.error.message.length).toBeGreaterThan(0);
}

function expectSecurityHeaders(headers: Headers, what: string) {
  expect(headers.get('content-security-policy'), what).toMatch(/frame-ancestors 'none'/);
  expect(headers.get('content-security-policy'), what).not.toMatch(
    /unsafe-eval|script-src[^;]*unsafe-inline/,
  );
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toBe('same-origin');
}

/** A body of `bytes` bytes sent as a stream, so no Content-Length announces its size. */
function streamOf(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

const OVERSIZED = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1) });

describe('security headers', () => {
  it('come with every kind of answer; HSTS only when the public address is https', async () => {
    const answers = [
      ['200', await send('GET', '/health', { token: null })],
      ['401', await send('GET', '/organizations/me', { token: null })],
      ['404', await send('GET', '/no-such-route')],
      [
        '413',
        await send('POST', '/organizations', {
          headers: { 'content-type': 'application/json' },
          body: OVERSIZED,
        }),
      ],
      [
        '415',
        await send('POST', '/organizations', { headers: { 'content-type': 'text/plain' }, body: '{}' }),
      ],
    ] as const;
    for (const [what, response] of answers) {
      expect(response.status, what).toBe(Number(what));
      expectSecurityHeaders(response.headers, what);
      expect(response.headers.get('strict-transport-security'), what).toBeNull();
    }
    const https = await createTestApp({ PUBLIC_URL: 'https://studio.example.com' });
    try {
      const secure = await https.app.request('/api/health');
      expect(secure.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      const signUp = await https.request('POST', '/auth/sign-up/email', {
        headers: { origin: 'https://studio.example.com' },
        body: { email: 'secure@example.com', password: 'violet kettle orbit', firstName: 'S', lastName: 'C' },
      });
      expect(signUp.headers.getSetCookie().every((cookie) => /;\s*Secure/i.test(cookie))).toBe(true);
      expect(signUp.headers.getSetCookie().every((cookie) => /;\s*HttpOnly/i.test(cookie))).toBe(true);
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

describe('CORS is closed to other origins', () => {
  it('grants no cross-origin access: no Access-Control-Allow-* on a preflight or on an answer', async () => {
    const organization = await createOrganization(t, user);
    const calls = [
      send('OPTIONS', '/organizations/me', {
        token: null,
        headers: {
          origin: FOREIGN_ORIGIN,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      }),
      send('OPTIONS', '/auth/sign-in/email', {
        token: null,
        headers: {
          origin: FOREIGN_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      }),
      send('GET', `/organizations/${organization.id}/customers`, { headers: { origin: FOREIGN_ORIGIN } }),
      send('GET', '/auth/get-session', {
        token: null,
        headers: { origin: FOREIGN_ORIGIN, cookie: user.cookie },
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBeLessThan(500);
      const granted = [...response.headers.keys()].filter((name) => name.startsWith('access-control-allow'));
      expect(granted).toEqual([]);
    }
  });

  it('refuses a cookie-authenticated write sent from another origin', async () => {
    const response = await send('POST', '/auth/sign-out', {
      token: null,
      headers: { origin: FOREIGN_ORIGIN, cookie: user.cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toMatch(/^[A-Z_]+$/);
    const session = await t.request('GET', '/auth/token', { headers: { cookie: user.cookie } });
    expect(session.status).toBe(200);
  });
});

describe("a revoked session's token", () => {
  it('is refused once a password change revokes the other sessions, even a token already verified', async () => {
    const member = await createUser(t, { password: 'correct horse battery' });
    const other = await t.request('POST', '/auth/sign-in/email', {
      body: { email: member.email, password: 'correct horse battery' },
    });
    const otherToken = await exchangeToken(t, sessionCookie(other.headers));
    expect((await send('GET', '/users/me', { token: otherToken })).status).toBe(200);
    const change = await t.request('POST', '/auth/change-password', {
      headers: { cookie: member.cookie },
      body: {
        currentPassword: 'correct horse battery',
        newPassword: 'violet kettle orbit',
        revokeOtherSessions: true,
      },
    });
    expect(change.status, change.text).toBe(200);
    const refused = await send('GET', '/users/me', { token: otherToken });
    expect(refused.status).toBe(401);
    expectErrorShape(refused, 'UNAUTHENTICATED');
  });

  it('is refused when its session has expired, though the token itself has not', async () => {
    const member = await createUser(t);
    const organization = await createOrganization(t, member);
    await t.database.execute(
      `update sessions set expires_at = now() - interval '1 second' where user_id = '${member.id}'`,
    );
    for (const path of ['/users/me', `/organizations/${organization.id}/customers`]) {
      const response = await send('GET', path, { token: member.token });
      expect(response.status, path).toBe(401);
      expectErrorShape(response, 'UNAUTHENTICATED');
    }
  });
});

/** 14 wrong-password sign-ins, each with a different client-made first X-Forwarded-For entry. */
async function signInStatuses(app: TestApp, email: string, proxyEntries: string) {
  const answers: { status: number; body: ErrorBody; headers: Headers }[] = [];
  for (let attempt = 0; attempt < 14; attempt += 1) {
    const response = await app.request('POST', '/auth/sign-in/email', {
      headers: { 'x-forwarded-for': `198.51.100.${attempt}${proxyEntries ? `, ${proxyEntries}` : ''}` },
      body: { email, password: 'not the password at all' },
    });
    answers.push(response);
  }
  return answers;
}

describe('rate limits behind a proxy', () => {
  it('without TRUST_PROXY, X-Forwarded-For is ignored: a varied header does not dodge the limit', async () => {
    const direct = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10' });
    try {
      const member = await createUser(direct);
      const answers = await signInStatuses(direct, member.email, '');
      expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(401));
      expect(answers.slice(10).map((answer) => answer.status)).toEqual([429, 429, 429, 429]);
      expectErrorShape(answers[13] as { body: ErrorBody }, 'RATE_LIMITED');
      // Every 429 says how many seconds to wait (issue #27).
      for (const answer of answers.slice(10))
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await direct.close();
    }
  });

  it('behind a trusted proxy, limits the address our proxy saw, whatever the client puts first', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: '10' });
    try {
      const member = await createUser(proxied);
      const answers = await signInStatuses(proxied, member.email, '203.0.113.7');
      expect(answers.slice(0, 10).every((answer) => answer.status === 401)).toBe(true);
      expect(answers.slice(10).map((answer) => answer.status)).toEqual([429, 429, 429, 429]);
      // Another client behind the same proxy is not limited by the first one's attempts.
      const neighbour = await signInStatuses(proxied, member.email, '203.0.113.8');
      expect(neighbour[0]?.status).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it('with two trusted hops, takes the entry second from the right', async () => {
    const twoHops = await createTestApp({
      TRUST_PROXY: 'true',
      TRUSTED_PROXY_HOPS: '2',
      AUTH_RATE_LIMIT_MAX: '10',
    });
    try {
      const member = await createUser(twoHops);
      // The client varies the first entry; our CDN wrote 203.0.113.9, our load balancer the CDN's address.
      const answers = await signInStatuses(twoHops, member.email, '203.0.113.9, 10.0.0.2');
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(4);
    } finally {
      await twoHops.close();
    }
  });
});

describe('request bodies', () => {
  it.each([
    ['POST', '/organizations'],
    ['PUT', '/users/me'],
    ['POST', '/auth/sign-in/email'],
  ])('over 1 MiB are answered 413 with the error shape: %s %s', async (method, path) => {
    const response = await send(method, path, {
      headers: { 'content-type': 'application/json' },
      body: OVERSIZED,
    });
    expect(response.status).toBe(413);
    expectErrorShape(response, 'PAYLOAD_TOO_LARGE');
  });

  it('over 1 MiB without a Content-Length (streamed) are answered 413 too, creating nothing', async () => {
    const member = await createUser(t);
    const response = await send('POST', '/organizations', {
      token: member.token,
      headers: { 'content-type': 'application/json' },
      body: streamOf(2 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expectErrorShape(response, 'PAYLOAD_TOO_LARGE');
    expect((await t.request('GET', '/organizations/me', { token: member.token })).body.owned).toEqual([]);
  });

  it.each([
    ['text/plain', { 'content-type': 'text/plain' }, '{"name":"Studio"}'],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'name=Studio'],
    ['no Content-Type', {}, '{"name":"Studio"}'],
  ])(
    'that are not JSON are answered 415 with the error shape for %s, creating nothing',
    async (_, headers, body) => {
      const member = await createUser(t);
      const response = await send('POST', '/organizations', { token: member.token, headers, body });
      expect(response.status).toBe(415);
      expectErrorShape(response, 'UNSUPPORTED_MEDIA_TYPE');
      expect(response.body.error.message).toMatch(/JSON/);
      expect((await t.request('GET', '/organizations/me', { token: member.token })).body.owned).toEqual([]);
    },
  );

  it('that are not JSON are answered 415 on an update too, changing nothing', async () => {
    const response = await send('PUT', '/users/me', {
      headers: { 'content-type': 'text/plain' },
      body: '{"firstName":"Changed"}',
    });
    expect(response.status).toBe(415);
    expectErrorShape(response, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await t.request('GET', '/users/me', { token: user.token })).body.firstName).not.toBe('Changed');
  });

  it('in JSON with a charset parameter are accepted', async () => {
    const member = await createUser(t);
    const response = await send('POST', '/organizations', {
      token: member.token,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ name: 'Estúdio Charset', description: 'Pilates' }),
    });
    expect(response.status).toBe(201);
  });
});
