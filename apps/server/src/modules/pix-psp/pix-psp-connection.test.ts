import { type PixEmulator, startPixEmulator } from '@reformer/pix-emulator/emulator';
import { createTestCa, issueClientCertificate } from '@reformer/pix-emulator/test-ca';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { apiPixGateway } from './pix-gateway.ts';

/**
 * "Test connection" against the local PSP (tools/pix-emulator) over real mutual TLS, through the API Pix
 * client: the stored, sealed credentials are opened and presented as a studio's would be.
 */

let emulator: PixEmulator;
let t: TestApp;
let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  emulator = await startPixEmulator({ refundSettleMs: null });
  t = await createTestApp({}, { pixPsp: apiPixGateway({ trustedCa: emulator.ca.cert }) });
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
});
afterAll(async () => {
  await t.close();
  await emulator.close();
});

const path = (suffix = '') => `/organizations/${organizationId}/pix-psp${suffix}`;

function connection(change: { clientSecret?: string; pem?: string } = {}) {
  const { cert, key } = emulator.client.certificate;
  return {
    preset: 'CUSTOM',
    environment: 'SANDBOX',
    baseUrl: emulator.baseUrl,
    tokenUrl: emulator.tokenUrl,
    scopes: 'cobv.write cobv.read pix.read webhook.write webhook.read',
    clientId: emulator.client.clientId,
    clientSecret: change.clientSecret ?? emulator.client.clientSecret,
    certificate: { format: 'PEM', pem: change.pem ?? `${cert}\n${key}` },
    pixKey: emulator.receiver.chave,
    chargeDaysAhead: 5,
    finePercent: 2,
    interestPercentMonthly: 1,
    discount: null,
  };
}

async function saveAndTest(body: object) {
  const saved = await t.request('PUT', path(), { token: owner.token, body });
  expect(saved.status, saved.text).toBe(200);
  const tested = await t.request('POST', path('/test-connection'), { token: owner.token });
  expect(tested.status, tested.text).toBe(200);
  expect(tested.text).not.toContain(emulator.client.clientSecret);
  return tested.body;
}

describe('Test connection against the local PSP', () => {
  it('gets a token with the stored PEM pair: the connection works', async () => {
    expect(await saveAndTest(connection())).toMatchObject({ ok: true, failure: null });
  });

  it('works with the PFX and its password too', async () => {
    const { pfx, passphrase } = emulator.client.certificate;
    const body = {
      ...connection(),
      certificate: { format: 'PFX', pfxBase64: pfx.toString('base64'), password: passphrase },
    };
    expect(await saveAndTest(body)).toMatchObject({ ok: true });
  });

  it('says PSP_INVALID_CLIENT when the PSP refuses the client secret', async () => {
    expect(await saveAndTest(connection({ clientSecret: 'not-the-secret-4711' }))).toMatchObject({
      ok: false,
      failure: 'PSP_INVALID_CLIENT',
    });
  });

  it('says PSP_TLS_REJECTED for a certificate the PSP did not issue', async () => {
    const stranger = issueClientCertificate(createTestCa('Another CA'), emulator.client.clientId);
    expect(await saveAndTest(connection({ pem: `${stranger.cert}\n${stranger.key}` }))).toMatchObject({
      ok: false,
      failure: 'PSP_TLS_REJECTED',
    });
  });

  it('says PSP_UNREACHABLE when nothing answers at the address', async () => {
    const body = { ...connection(), tokenUrl: 'https://127.0.0.1:9/oauth/token' };
    expect(await saveAndTest(body)).toMatchObject({ ok: false, failure: 'PSP_UNREACHABLE' });
    expect(emulator.violations).toEqual([]);
  });
});
