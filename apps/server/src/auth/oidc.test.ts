import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * Hosted sign-in against a real OpenID Connect provider (panva's certified oidc-provider) running on this
 * machine: the whole authorization-code flow with PKCE, driven request by request.
 */
const PUBLIC_URL = 'http://localhost:3000';
let issuerServer: Server;
let issuer: string;
let t: TestApp;

beforeAll(async () => {
  issuerServer = createServer();
  await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'reformer',
        client_secret: 'reformer-secret',
        redirect_uris: [`${PUBLIC_URL}/api/auth/callback/studio-sso`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: `${sub}@studio.example`,
        email_verified: true,
        name: 'Olga Identidade',
        given_name: 'Olga',
        family_name: 'Identidade',
      }),
    }),
  });
  provider.on('server_error', (_ctx, error) => console.error(error));
  issuerServer.on('request', provider.callback());
  t = await createTestApp({
    OIDC_PROVIDER_ID: 'studio-sso',
    OIDC_PROVIDER_NAME: 'Studio SSO',
    OIDC_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
    OIDC_CLIENT_ID: 'reformer',
    OIDC_CLIENT_SECRET: 'reformer-secret',
  });
});
afterAll(async () => {
  await t.close();
  issuerServer.close();
});

/** A tiny cookie jar: name → value, per side of the flow. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1));
    }
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

async function providerStep(jar: Jar, url: string, form?: Record<string, string>) {
  const response = await fetch(url, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: { cookie: jar.header, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  jar.take(response.headers);
  return new URL(response.headers.get('location') ?? '', url).toString();
}

describe('hosted OpenID Connect sign-in', () => {
  it('is announced to the sign-in screens', async () => {
    const config = await t.request('GET', '/public-config');
    expect(config.body).toEqual({ oidc: { providerId: 'studio-sso', name: 'Studio SSO' }, email: false });
  });

  it('signs a new user in through the provider and gives them an API token with their names', async () => {
    const app = new Jar();
    const start = await t.request('POST', '/auth/sign-in/social', {
      body: { provider: 'studio-sso', callbackURL: '/app/select-organization' },
    });
    expect(start.status, start.text).toBe(200);
    app.take(start.headers);
    expect(start.body.url.startsWith(`${issuer}/auth?`)).toBe(true);
    expect(new URL(start.body.url).searchParams.get('code_challenge_method')).toBe('S256');

    const idp = new Jar();
    const loginPage = await providerStep(idp, start.body.url);
    const afterLogin = await providerStep(
      idp,
      await providerStep(idp, loginPage, { prompt: 'login', login: 'olga' }),
    );
    const callback = await providerStep(idp, await providerStep(idp, afterLogin, { prompt: 'consent' }));
    expect(callback.startsWith(`${PUBLIC_URL}/api/auth/callback/studio-sso?`)).toBe(true);

    const back = await t.request('GET', callback.replace(`${PUBLIC_URL}/api`, ''), {
      headers: { cookie: app.header },
    });
    expect(back.status, back.text).toBe(302);
    expect(back.headers.get('location')).toBe('/app/select-organization');
    app.take(back.headers);

    const token = await t.request('GET', '/auth/token', { headers: { cookie: app.header } });
    expect(token.status).toBe(200);
    const me = await t.request('GET', '/users/me', { token: token.body.token });
    expect(me.body).toMatchObject({
      email: 'olga@studio.example',
      firstName: 'Olga',
      lastName: 'Identidade',
    });
  });
});
