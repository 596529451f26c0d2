import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, pixPspConnections } from '../../db/schema/index.ts';
import { storedSecretKeyIds } from '../../lib/sealed-columns.ts';
import { addMember, createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openPspConnection } from './pix-psp-connection.ts';

/** Settings → Payments → PSP: the connection, its sealed secrets, who may see and change it (decision 027). */

const fixture = (name: string) => new URL(`./test-certificates/${name}`, import.meta.url);
const STUDIO_PEM = readFileSync(fixture('studio.pem'), 'utf8');
const STUDIO_PFX = readFileSync(fixture('studio.p12')).toString('base64');
const CLIENT_SECRET = 'Client_Secret_4f9a1c7e2b';
/** The first line of the key's base64: proof that no part of the key is in an answer. */
const PRIVATE_KEY_LINE = STUDIO_PEM.split('-----BEGIN PRIVATE KEY-----\n')[1]?.split('\n')[0] ?? 'missing';

let t: TestApp;
let owner: TestUser;
let accountant: TestUser;
let manager: TestUser;
let outsider: TestUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  accountant = await addMember(t, owner, organizationId, { role: 'ORG_ACCOUNTANT' });
  manager = await addMember(t, owner, organizationId, { role: 'ORG_MANAGER' });
  outsider = await createUser(t);
  await createOrganization(t, outsider);
});
afterAll(() => t.close());

const path = (suffix = '') => `/organizations/${organizationId}/pix-psp${suffix}`;

const connection = {
  preset: 'EFI',
  environment: 'SANDBOX',
  baseUrl: 'https://pix-h.api.efipay.com.br/v2',
  tokenUrl: 'https://pix-h.api.efipay.com.br/oauth/token',
  scopes: 'cobv.write cobv.read pix.read webhook.write webhook.read',
  clientId: 'Client_Id_studio',
  clientSecret: CLIENT_SECRET,
  certificate: { format: 'PEM', pem: STUDIO_PEM },
  pixKey: 'financeiro@respiro.com.br',
  chargeDaysAhead: 5,
  finePercent: 2,
  interestPercentMonthly: 1,
  discount: { percent: 5, daysBefore: 3 },
};

async function storedRow(id = organizationId) {
  const [row] = await t.db.select().from(pixPspConnections).where(eq(pixPspConnections.organizationId, id));
  return row;
}

function expectNoSecret(text: string) {
  expect(text).not.toContain(CLIENT_SECRET);
  expect(text).not.toContain('PRIVATE KEY');
  expect(text).not.toContain(PRIVATE_KEY_LINE);
  expect(text).not.toContain('senha-do-pfx');
}

async function connect(body: object = connection, token = owner.token) {
  return t.request('PUT', path(), { token, body });
}

describe('PSP connection', () => {
  it('is null until connected; the answer says secrets can be stored', async () => {
    const read = await t.request('GET', path(), { token: owner.token });
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual({ canStoreSecrets: true, connection: null });
  });

  it('connects with a PEM certificate: secrets answered only as set, the certificate as its subject and expiry', async () => {
    const saved = await connect();
    expect(saved.status, saved.text).toBe(200);
    expectNoSecret(saved.text);
    expect(saved.body.connection).toMatchObject({
      preset: 'EFI',
      environment: 'SANDBOX',
      clientId: 'Client_Id_studio',
      clientSecret: { isSet: true },
      certificate: {
        format: 'PEM',
        subject: 'C=BR, O=Estudio Respiro Pilates LTDA, CN=Estudio Respiro Pilates:12345678000199',
        isPasswordSet: false,
      },
      pixKey: 'financeiro@respiro.com.br',
      chargeDaysAhead: 5,
      finePercent: 2,
      interestPercentMonthly: 1,
      discount: { percent: 5, daysBefore: 3 },
    });
    expect(saved.body.connection.certificate.expiresAt).toMatch(/^2126-11-0\dT/);
    const read = await t.request('GET', path(), { token: owner.token });
    expect(read.body).toEqual(saved.body);
    expectNoSecret(read.text);
  });

  it('stores the secrets sealed, never in the clear, and they open with the server key', async () => {
    const row = await storedRow();
    if (!row || !t.secretBox) throw new Error('expected a connection and a secret box');
    for (const sealed of [row.clientSecretSealed, row.certificateSealed, row.webhookSecretSealed]) {
      expect(sealed).toMatch(new RegExp(`^v1\\.${t.secretBox.keyId}\\.`));
      expectNoSecret(String(sealed));
    }
    const opened = openPspConnection(t.secretBox, row);
    expect(opened.clientSecret).toBe(CLIENT_SECRET);
    expect(opened.certificate).toMatchObject({ kind: 'pem' });
    if (opened.certificate.kind === 'pem') {
      expect(opened.certificate.key).toContain('PRIVATE KEY');
      expect(opened.certificate.cert).toContain('BEGIN CERTIFICATE');
      expect(opened.certificate.cert).not.toContain('PRIVATE KEY');
    }
    expect(await storedSecretKeyIds(t.db)).toContain(t.secretBox.keyId);
  });

  it('keeps the stored secret and certificate when they are left empty', async () => {
    const before = await storedRow();
    const changed = await connect({
      ...connection,
      clientSecret: '',
      certificate: undefined,
      clientId: 'Other_Id',
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.connection.clientSecret).toEqual({ isSet: true });
    const after = await storedRow();
    expect(after?.clientId).toBe('Other_Id');
    expect(after?.clientSecretSealed).toBe(before?.clientSecretSealed);
    expect(after?.certificateSealed).toBe(before?.certificateSealed);
    expect(after?.webhookSecretSealed).toBe(before?.webhookSecretSealed);
  });

  it('takes a PFX with its password, and says in a reason why a certificate cannot be used', async () => {
    const pfx = { format: 'PFX', pfxBase64: STUDIO_PFX, password: 'senha-do-pfx' };
    const saved = await connect({ ...connection, certificate: pfx });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.connection.certificate).toMatchObject({ format: 'PFX', isPasswordSet: true });
    expectNoSecret(saved.text);

    const refused = async (certificate: object) => {
      const response = await connect({ ...connection, certificate });
      expect(response.status, response.text).toBe(400);
      expect(response.body.error.code).toBe('PSP_CERTIFICATE_INVALID');
      expectNoSecret(response.text);
      return response.body.error.details.reason;
    };
    expect(await refused({ ...pfx, password: 'wrong' })).toBe('WRONG_PASSWORD');
    expect(await refused({ ...pfx, password: undefined })).toBe('WRONG_PASSWORD');
    const legacy = readFileSync(fixture('studio-legacy.p12')).toString('base64');
    expect(await refused({ ...pfx, pfxBase64: legacy })).toBe('LEGACY_ENCRYPTION');
    expect(await refused({ format: 'PEM', pem: readFileSync(fixture('mismatched.pem'), 'utf8') })).toBe(
      'KEY_MISMATCH',
    );
    const encrypted = readFileSync(fixture('studio-encrypted-key.pem'), 'utf8');
    expect(await refused({ format: 'PEM', pem: encrypted, password: 'wrong' })).toBe('WRONG_PASSWORD');
    expect(await refused({ format: 'PEM', pem: STUDIO_PEM.replace(/-----BEGIN PRIVATE[\s\S]+$/, '') })).toBe(
      'NO_PRIVATE_KEY',
    );
    expect(await refused({ format: 'PEM', pem: 'just text' })).toBe('NO_CERTIFICATE');
    expect(await refused({ ...pfx, pfxBase64: Buffer.from('not a pfx').toString('base64') })).toBe(
      'UNREADABLE',
    );
    // The refused saves changed nothing: the PFX saved above is still there.
    expect((await storedRow())?.certificateFormat).toBe('PFX');

    const withPassword = await connect({
      ...connection,
      certificate: { format: 'PEM', pem: encrypted, password: 'chave-secreta' },
    });
    expect(withPassword.status, withPassword.text).toBe(200);
    expect(withPassword.body.connection.certificate).toMatchObject({ format: 'PEM', isPasswordSet: true });
  });

  it('refuses an expired certificate', async () => {
    t.setNow(new Date('2127-01-01T00:00:00Z'));
    try {
      const response = await connect();
      expect(response.status, response.text).toBe(400);
      expect(response.body.error.details.reason).toBe('EXPIRED');
    } finally {
      t.setNow(new Date());
    }
  });

  it('refuses a fine above 2 %, interest above 1 % a month and http URLs, listing the fields', async () => {
    const response = await connect({
      ...connection,
      finePercent: 2.5,
      interestPercentMonthly: 1.01,
      tokenUrl: 'http://pix-h.api.efipay.com.br/oauth/token',
    });
    expect(response.status, response.text).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(response.body.error.details.map((issue: { path: string }) => issue.path).sort()).toEqual([
      'finePercent',
      'interestPercentMonthly',
      'tokenUrl',
    ]);
  });

  it('records every change in the audit log by field name, never a value', async () => {
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.organizationId, organizationId));
    const mine = entries.filter((entry) => entry.entityType === 'pix_psp_connection');
    expect(mine.map((entry) => entry.action)).toEqual([
      'pix_psp.connected',
      'pix_psp.updated',
      'pix_psp.updated',
      'pix_psp.updated',
    ]);
    expect(mine[1]?.details).toEqual({ preset: 'EFI', environment: 'SANDBOX', changed: ['clientId'] });
    expect(mine[2]?.details).toMatchObject({ changed: expect.arrayContaining(['certificate']) });
    for (const entry of mine) {
      expect(entry.actorId).toBe(owner.id);
      expectNoSecret(JSON.stringify(entry.details));
      expect(JSON.stringify(entry.details)).not.toContain('financeiro@respiro.com.br');
    }
  });

  it('rotates the webhook path secret (audited)', async () => {
    const before = await storedRow();
    const rotated = await t.request('POST', path('/webhook-secret/rotate'), {
      token: owner.token,
      headers: { 'idempotency-key': 'rotate-webhook-secret-1' },
    });
    expect(rotated.status, rotated.text).toBe(200);
    const after = await storedRow();
    expect(after?.webhookSecretSealed).not.toBe(before?.webhookSecretSealed);
    expect(after?.webhookSecretRotatedAt.getTime()).toBeGreaterThanOrEqual(
      before?.webhookSecretRotatedAt.getTime() ?? 0,
    );
    expect(rotated.body.connection.webhookSecretRotatedAt).toBe(after?.webhookSecretRotatedAt.toISOString());
  });

  it('answers a test whose PSP cannot be reached with the failure, not an error', async () => {
    const tested = await t.request('POST', path('/test-connection'), {
      token: owner.token,
      headers: { 'idempotency-key': 'test-connection-unreachable-1' },
    });
    expect(tested.status, tested.text).toBe(200);
    expect(tested.body).toMatchObject({ ok: false, failure: 'PSP_UNREACHABLE' });
  });

  it('is seen with VIEW_BILLING, changed with MANAGE_BILLING (an accountant may; a manager may not see it)', async () => {
    expect((await t.request('GET', path(), { token: accountant.token })).status).toBe(200);
    const byAccountant = await connect(
      { ...connection, clientSecret: '', certificate: undefined },
      accountant.token,
    );
    expect(byAccountant.status, byAccountant.text).toBe(200);
    const read = await t.request('GET', path(), { token: manager.token });
    expect(read.status).toBe(403);
    expect((await connect(connection, manager.token)).status).toBe(403);
    expect((await t.request('DELETE', path(), { token: manager.token })).status).toBe(403);
  });

  it("answers another organization's members 404, and leaves the connection alone", async () => {
    const before = await storedRow();
    for (const [method, suffix] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/test-connection'],
      ['POST', '/webhook-secret/rotate'],
    ] as const) {
      const response = await t.request(method, path(suffix), {
        token: outsider.token,
        ...(method === 'PUT' ? { body: connection } : {}),
      });
      expect(response.status, `${method} ${suffix}`).toBe(404);
    }
    expect(await storedRow()).toEqual(before);
  });

  it('disconnects: the credentials are deleted (audited), and a second disconnect is 404', async () => {
    const removed = await t.request('DELETE', path(), { token: owner.token });
    expect(removed.status, removed.text).toBe(204);
    expect(await storedRow()).toBeUndefined();
    expect((await t.request('GET', path(), { token: owner.token })).body.connection).toBeNull();
    const again = await t.request('DELETE', path(), { token: owner.token });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('PSP_CONNECTION_NOT_FOUND');
    const rotate = await t.request('POST', path('/webhook-secret/rotate'), { token: owner.token });
    expect(rotate.body.error.code).toBe('PSP_CONNECTION_NOT_FOUND');
    const [last] = (await t.db.select().from(auditLog).where(eq(auditLog.organizationId, organizationId)))
      .filter((entry) => entry.entityType === 'pix_psp_connection')
      .slice(-1);
    expect(last?.action).toBe('pix_psp.disconnected');
  });

  it('needs the client secret and the certificate on a first save', async () => {
    const noSecret = await connect({ ...connection, clientSecret: '' });
    expect(noSecret.status, noSecret.text).toBe(400);
    expect(noSecret.body.error.details[0].path).toBe('clientSecret');
    const noCertificate = await connect({ ...connection, certificate: undefined });
    expect(noCertificate.body.error.details[0].path).toBe('certificate');
    // Sicoob authenticates without a client secret.
    const sicoob = await connect({
      ...connection,
      preset: 'SICOOB',
      clientSecret: '',
      baseUrl: 'https://api.sicoob.com.br/pix/api/v2',
      tokenUrl: 'https://auth.sicoob.com.br/auth/realms/cooperado/protocol/openid-connect/token',
    });
    expect(sicoob.status, sicoob.text).toBe(200);
    expect(sicoob.body.connection.clientSecret).toEqual({ isSet: false });
  });
});

describe('PSP connection without SECRETS_KEY (a PostgreSQL server whose operator has not set it)', () => {
  it('says secrets cannot be stored, and refuses to store them', async () => {
    const bare = await createTestApp({ SECRETS_KEY: '' });
    try {
      const user = await createUser(bare);
      const organization = (await createOrganization(bare, user)).id;
      const read = await bare.request('GET', `/organizations/${organization}/pix-psp`, { token: user.token });
      expect(read.body).toEqual({ canStoreSecrets: false, connection: null });
      const saved = await bare.request('PUT', `/organizations/${organization}/pix-psp`, {
        token: user.token,
        body: connection,
      });
      expect(saved.status, saved.text).toBe(409);
      expect(saved.body.error.code).toBe('PSP_SECRETS_KEY_MISSING');
    } finally {
      await bare.close();
    }
  });
});

describe('the receiving company and account, for Pix Automático (decision 048)', () => {
  const receiver = {
    cnpj: '11.222.333/0001-81',
    branch: '0001',
    account: '98765-4',
    accountType: 'CORRENTE',
  };

  it('are optional, saved normalized, read back, and cleared with null', async () => {
    const saved = await connect({ ...connection, receiver });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.connection.receiver).toEqual({ ...receiver, cnpj: '11222333000181' });
    const read = await t.request('GET', path(), { token: owner.token });
    expect(read.body.connection.receiver).toEqual(saved.body.connection.receiver);

    const noBranch = await connect({ ...connection, receiver: { ...receiver, branch: '' } });
    expect(noBranch.body.connection.receiver.branch).toBeNull();

    const cleared = await connect({ ...connection, receiver: null });
    expect(cleared.body.connection.receiver).toBeNull();
    expect((await storedRow())?.receiverCnpj).toBeNull();
  });

  it('refuse an invalid CNPJ, a branch of letters, a long account and an unknown account type, naming each field', async () => {
    const response = await connect({
      ...connection,
      receiver: { cnpj: '11.222.333/0001-82', branch: '12a', account: '1'.repeat(21), accountType: 'OTHER' },
    });
    expect(response.status, response.text).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    const paths = response.body.error.details.map((issue: { path: string }) => issue.path).sort();
    expect(paths).toEqual(['receiver.account', 'receiver.accountType', 'receiver.branch', 'receiver.cnpj']);
  });
});
