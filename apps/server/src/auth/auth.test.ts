import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { createUser, exchangeToken, sessionCookie } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-up', () => {
  it('accepts first and last name without `name`, and derives the display name', async () => {
    const user = await createUser(t, { firstName: 'João', lastName: 'da Silva' });
    const me = await t.request('GET', '/users/me', { token: user.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: user.email, firstName: 'João', lastName: 'da Silva' });
  });

  it('accepts `name` alone and splits it into first and last name', async () => {
    const response = await t.request('POST', '/auth/sign-up/email', {
      body: { email: 'maria@example.com', password: 'long enough password', name: 'Maria Clara Souza' },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.user).toMatchObject({ firstName: 'Maria', lastName: 'Clara Souza' });
  });

  it('refuses blank names with the spec messages in the one error shape, creating no user', async () => {
    const before = (await t.db.select().from(users)).length;
    const response = await t.request('POST', '/auth/sign-up/email', {
      body: { email: 'blank@example.com', password: 'long enough password', firstName: ' ', lastName: '' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(response.body.error.details).toEqual([
      { path: 'firstName', key: 'validation.firstNameRequired', message: 'First name is required' },
      { path: 'lastName', key: 'validation.lastNameRequired', message: 'Last name is required' },
    ]);
    expect((await t.db.select().from(users)).length).toBe(before);
  });

  it('refuses a second account with the same email', async () => {
    const user = await createUser(t);
    const again = await t.request('POST', '/auth/sign-up/email', {
      body: { email: user.email, password: 'another password', firstName: 'A', lastName: 'B' },
    });
    expect(again.status).toBe(422);
    expect(again.body.error.code).toMatch(/USER_ALREADY_EXISTS/);
  });
});

describe('sign-in and tokens', () => {
  it('signs in with email and password and gets a working bearer token', async () => {
    const user = await createUser(t, { password: 'my secret password' });
    const signIn = await t.request('POST', '/auth/sign-in/email', {
      body: { email: user.email, password: 'my secret password' },
    });
    expect(signIn.status).toBe(200);
    const token = await exchangeToken(t, sessionCookie(signIn.headers));
    const me = await t.request('GET', '/users/me', { token });
    expect(me.body.id).toBe(user.id);
  });

  it('refuses a wrong password with 401 in the error shape', async () => {
    const user = await createUser(t);
    const signIn = await t.request('POST', '/auth/sign-in/email', {
      body: { email: user.email, password: 'wrong-password' },
    });
    expect(signIn.status).toBe(401);
    expect(signIn.body.error.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('issues tokens that expire after 15 minutes', async () => {
    const user = await createUser(t);
    const [, payload = ''] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.sub).toBe(user.id);
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });

  it('stops issuing tokens once the session is signed out', async () => {
    // An issued bearer token stays valid until it expires (≤ 15 min); memberships and roles still apply at
    // once because they are read on every request.
    const user = await createUser(t);
    await t.request('POST', '/auth/sign-out', { headers: { cookie: user.cookie } });
    const token = await t.request('GET', '/auth/token', { headers: { cookie: user.cookie } });
    expect(token.status).toBe(401);
  });
});

describe('rate limiting', () => {
  it('answers 429 RATE_LIMITED after too many sign-in attempts from one address', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const attempt = () =>
        limited.request('POST', '/auth/sign-in/email', {
          body: { email: 'nobody@example.com', password: 'whatever-password' },
        });
      const statuses = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await attempt()).status);
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(blocked.body.error.code).toBe('RATE_LIMITED');
      // How long to wait, in whole seconds within the window (issue #27: the 429 said nothing).
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter), String(blocked.headers.get('retry-after'))).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    } finally {
      await limited.close();
    }
  });

  it('limits session reads by their own setting, apart from sign-in attempts', async () => {
    const limited = await createTestApp({ AUTH_SESSION_RATE_LIMIT_MAX: '4', AUTH_RATE_LIMIT_MAX: '1000' });
    try {
      const read = () => limited.request('GET', '/auth/get-session');
      const statuses = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await read()).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('password strength', () => {
  it.each([
    ['12345678', 'validation.min'],
    ['password', 'validation.min'],
    ['1234567890', 'validation.passwordTooWeak'],
    ['senha12345', 'validation.passwordTooWeak'],
    ['qwertyuiop', 'validation.passwordTooWeak'],
    ['marinasouza2', 'validation.passwordTooWeak'],
  ])(
    'refuses %s at sign-up with the reason on the password field, creating no user',
    async (password, key) => {
      const email = `weak-${password}@example.com`;
      const response = await t.request('POST', '/auth/sign-up/email', {
        body: { email, password, firstName: 'Marina', lastName: 'Souza' },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
      expect(response.body.error.details).toEqual([expect.objectContaining({ path: 'password', key })]);
      expect((await t.db.select().from(users)).map((user) => user.email)).not.toContain(email);
    },
  );

  it('accepts a long phrase of unrelated words', async () => {
    const response = await t.request('POST', '/auth/sign-up/email', {
      body: { email: 'strong@example.com', password: 'violet kettle orbit', firstName: 'S', lastName: 'T' },
    });
    expect(response.status).toBe(200);
  });

  it('refuses a weak new password when changing it', async () => {
    const user = await createUser(t);
    const response = await t.request('POST', '/auth/change-password', {
      headers: { cookie: user.cookie },
      body: { currentPassword: 'correct horse battery', newPassword: 'password123' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details[0]).toMatchObject({
      path: 'newPassword',
      key: 'validation.passwordTooWeak',
    });
  });
});

describe('account enumeration (docs/decisions/009)', () => {
  it('answers sign-in the same way for an unknown e-mail and a wrong password', async () => {
    const user = await createUser(t);
    const wrong = await t.request('POST', '/auth/sign-in/email', {
      body: { email: user.email, password: 'not the right password' },
    });
    const unknown = await t.request('POST', '/auth/sign-in/email', {
      body: { email: 'nobody-here@example.com', password: 'not the right password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    // Each answer has its own request id; nothing else may tell the two apart.
    const withoutRequestId = (body: { error: object }) => ({
      error: { ...body.error, requestId: undefined },
    });
    expect(wrong.body.error.requestId).toEqual(expect.any(String));
    expect(withoutRequestId(unknown.body)).toEqual(withoutRequestId(wrong.body));
  });
});
