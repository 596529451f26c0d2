import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createTokenVerifier } from './bearer.ts';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
});
afterAll(() => t.close());

const expiryOf = (token: string) => {
  const [, payload = ''] = token.split('.');
  return new Date(JSON.parse(Buffer.from(payload, 'base64url').toString()).exp * 1000);
};

/** The same token with one character of its signature changed. */
function tampered(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

describe('bearer token verification', () => {
  it('keeps answering with the subject for a remembered token, and refuses it once it has expired', async () => {
    let clock = new Date();
    const verify = createTokenVerifier(t.auth, t.env, () => clock);
    expect(await verify(user.token)).toBe(user.id);
    // The second answer comes from memory; it must still honour the expiry.
    expect(await verify(user.token)).toBe(user.id);
    clock = new Date(expiryOf(user.token).getTime() - 1000);
    expect(await verify(user.token)).toBe(user.id);
    clock = expiryOf(user.token);
    await expect(verify(user.token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    clock = new Date();
    // Forgotten once expired, it is checked again in full (and is still good at the real time).
    expect(await verify(user.token)).toBe(user.id);
  });

  it('never takes a different string for a remembered token', async () => {
    const verify = createTokenVerifier(t.auth, t.env);
    expect(await verify(user.token)).toBe(user.id);
    await expect(verify(tampered(user.token))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(verify(`${user.token}x`)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses through the API a token that was accepted a moment before, once tampered with', async () => {
    expect((await t.request('GET', '/users/me', { token: user.token })).status).toBe(200);
    const forged = await t.request('GET', '/users/me', { token: tampered(user.token) });
    expect(forged.status).toBe(401);
    expect(forged.body.error.code).toBe('UNAUTHENTICATED');
  });
});
