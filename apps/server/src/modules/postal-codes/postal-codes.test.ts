import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** A local HTTP server standing in for ViaCEP, answering as ViaCEP does. */
let provider: Server;
const requests: string[] = [];
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  provider = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.setHeader('content-type', 'application/json');
    if (request.url === '/ws/01310100/json/') {
      response.end(
        JSON.stringify({
          cep: '01310-100',
          logradouro: 'Avenida Paulista',
          bairro: 'Bela Vista',
          localidade: 'São Paulo',
          uf: 'SP',
        }),
      );
    } else if (request.url === '/ws/99999999/json/') {
      response.end(JSON.stringify({ erro: 'true' }));
    } else {
      setTimeout(() => response.end('{}'), 2000);
    }
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  t = await createTestApp({
    POSTAL_CODE_PROVIDER_URL: `http://127.0.0.1:${port}/ws`,
    POSTAL_CODE_TIMEOUT_MS: '300',
  });
  user = await createUser(t);
});
afterAll(async () => {
  await t.close();
  provider.close();
});

describe('GET /postal-codes/{cep}', () => {
  it('fills the address from the provider and caches it', async () => {
    const first = await t.request('GET', '/postal-codes/01310-100', { token: user.token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      zipCode: '01310-100',
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });
    await t.request('GET', '/postal-codes/01310100', { token: user.token });
    expect(requests.filter((url) => url === '/ws/01310100/json/')).toHaveLength(1);
  });

  it('answers 404 for an unknown CEP and 503 when the provider is too slow', async () => {
    const unknown = await t.request('GET', '/postal-codes/99999-999', { token: user.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('POSTAL_CODE_NOT_FOUND');
    const slow = await t.request('GET', '/postal-codes/12345-678', { token: user.token });
    expect(slow.status).toBe(503);
    expect(slow.body.error.code).toBe('POSTAL_CODE_LOOKUP_FAILED');
  });

  it('refuses a malformed CEP with 400 and asks for a token', async () => {
    expect((await t.request('GET', '/postal-codes/123', { token: user.token })).status).toBe(400);
    expect((await t.request('GET', '/postal-codes/01310-100')).status).toBe(401);
  });
});
