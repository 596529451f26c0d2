import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let withoutPublicUrl: TestApp;
let withPublicUrl: TestApp;

beforeAll(async () => {
  withoutPublicUrl = await createTestApp({ PUBLIC_URL: '' });
  withPublicUrl = await createTestApp({ PUBLIC_URL: 'https://studio.example.com' });
});
afterAll(async () => {
  await withoutPublicUrl.close();
  await withPublicUrl.close();
});

/** A sign-up as a browser at `pageAddress` sends it: to that address, with the page's origin. */
function signUpFrom(t: TestApp, pageAddress: string, origin: string, email: string) {
  return t.app.request(`${pageAddress}/api/auth/sign-up/email`, {
    method: 'POST',
    // A browser sends the app's cookies (the language choice at least), which is when the origin is checked.
    headers: { 'content-type': 'application/json', origin, cookie: 'reformer.language=pt_BR' },
    body: JSON.stringify({ email, password: 'violet kettle orbit', firstName: 'Front', lastName: 'Desk' }),
  });
}

describe('trusted origins', () => {
  it('without PUBLIC_URL, accept a page opened by 127.0.0.1 or a LAN address, same-origin only', async () => {
    for (const address of ['http://127.0.0.1:3000', 'http://192.168.0.20:3000']) {
      const response = await signUpFrom(
        withoutPublicUrl,
        address,
        address,
        `desk-${address.length}${address.at(-6)}@example.com`,
      );
      expect(response.status, address).toBe(200);
    }
    const foreign = await signUpFrom(
      withoutPublicUrl,
      'http://127.0.0.1:3000',
      'http://evil.example',
      'evil@example.com',
    );
    expect(foreign.status).toBe(403);
  });

  it('with PUBLIC_URL, accept only that origin, even for a request addressed elsewhere', async () => {
    const sameHost = await signUpFrom(
      withPublicUrl,
      'http://10.0.0.5:3000',
      'http://10.0.0.5:3000',
      'lan@example.com',
    );
    expect(sameHost.status).toBe(403);
    const publicOrigin = await signUpFrom(
      withPublicUrl,
      'https://studio.example.com',
      'https://studio.example.com',
      'public@example.com',
    );
    expect(publicOrigin.status).toBe(200);
  });
});
