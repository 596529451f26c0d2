import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, exchangeToken, type TestUser } from '../test/factories.ts';
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
    expect((await verify(user.token)).userId).toBe(user.id);
    // The second answer comes from memory; it must still honour the expiry.
    expect((await verify(user.token)).userId).toBe(user.id);
    clock = new Date(expiryOf(user.token).getTime() - 1000);
    expect((await verify(user.token)).userId).toBe(user.id);
    clock = expiryOf(user.token);
    await expect(verify(user.token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    clock = new Date();
    // Forgotten once expired, it is checked again in full (and is still good at the real time).
    expect((await verify(user.token)).userId).toBe(user.id);
  });

  it('never takes a different string for a remembered token', async () => {
    const verify = createTokenVerifier(t.auth, t.env);
    expect((await verify(user.token)).userId).toBe(user.id);
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

/** A well-formed token signed by a key of our own making, naming a key id the server never issued. */
async function tokenWithUnknownKey(keyId: string): Promise<string> {
  const { privateKey } = await generateKeyPair('EdDSA');
  return new SignJWT({ sid: 'made-up' })
    .setProtectedHeader({ alg: 'EdDSA', kid: keyId })
    .setSubject(user.id)
    .setIssuer(t.env.PUBLIC_URL ?? '')
    .setAudience(t.env.PUBLIC_URL ?? '')
    .setExpirationTime('10m')
    .sign(privateKey);
}

describe('tokens with unknown key ids', () => {
  it('reload the signing keys at most once a minute and leave remembered good tokens alone', async () => {
    let clock = new Date();
    let reloads = 0;
    const counted = {
      ...t.auth,
      api: {
        ...t.auth.api,
        getJwks: async () => {
          reloads += 1;
          return t.auth.api.getJwks();
        },
      },
    } as typeof t.auth;
    const verify = createTokenVerifier(counted, t.env, () => clock);
    expect((await verify(user.token)).userId).toBe(user.id);
    expect(reloads).toBe(1);
    for (let i = 0; i < 50; i += 1) {
      await expect(verify(await tokenWithUnknownKey(`kid-${i}`))).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    }
    expect(reloads).toBe(1);
    // The good token is still remembered: no reload, no new verification needed.
    expect((await verify(user.token)).userId).toBe(user.id);
    clock = new Date(clock.getTime() + 61_000);
    await expect(verify(await tokenWithUnknownKey('kid-late'))).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(reloads).toBe(2);
    expect((await verify(user.token)).userId).toBe(user.id);
    expect(reloads).toBe(2);
  });

  it('refuses a token of ours that names no sign-in session', async () => {
    const [key] = ((await t.auth.api.getJwks()) as { keys: { kid?: string }[] }).keys;
    const forged = await tokenWithUnknownKey(key?.kid ?? '');
    await expect(createTokenVerifier(t.auth, t.env)(forged)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});

describe('tokens end with their sign-in session', () => {
  it('stop working at sign-out, on organization routes and elsewhere', async () => {
    const member = await createUser(t);
    const organization = await createOrganization(t, member);
    const customers = `/organizations/${organization.id}/customers`;
    expect((await t.request('GET', customers, { token: member.token })).status).toBe(200);
    expect((await t.request('GET', '/users/me', { token: member.token })).status).toBe(200);
    const signOut = await t.request('POST', '/auth/sign-out', {
      headers: { cookie: member.cookie },
      body: {},
    });
    expect(signOut.status).toBe(200);
    for (const path of [
      customers,
      '/users/me',
      '/organizations/me',
      `/auth/profile/access?organizationId=${organization.id}`,
    ]) {
      const response = await t.request('GET', path, { token: member.token });
      expect(response.status, path).toBe(401);
      expect(response.body.error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('stop working when the user revokes their other sessions, while the current one goes on', async () => {
    const member = await createUser(t);
    const signIn = await t.request('POST', '/auth/sign-in/email', {
      body: { email: member.email, password: 'correct horse battery' },
    });
    const secondCookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const secondToken = await exchangeToken(t, secondCookie);
    const revoke = await t.request('POST', '/auth/revoke-other-sessions', {
      headers: { cookie: secondCookie },
      body: {},
    });
    expect(revoke.status).toBe(200);
    expect((await t.request('GET', '/users/me', { token: member.token })).status).toBe(401);
    expect((await t.request('GET', '/users/me', { token: secondToken })).status).toBe(200);
  });
});
