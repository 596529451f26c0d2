import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { readPixPayload } from '@reformer/domain/pix';
import { type PixEmulator, startPixEmulator } from '@reformer/pix-emulator/emulator';
import { createTestCa, issueClientCertificate } from '@reformer/pix-emulator/test-ca';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPixTransport } from './pix-connection.ts';
import { isPixError, type PixErrorCode } from './pix-error.ts';
import { clientPool, dueChargeBody, emulatorConnection, startWebhookReceiver } from './pix-test-helpers.ts';
import { createTokenSource } from './pix-token.ts';
import { txidFor } from './txid.ts';

let emulator: PixEmulator;
const clients = clientPool(() => emulator);

beforeAll(async () => {
  emulator = await startPixEmulator({ refundSettleMs: null });
});
afterEach(async () => {
  await clients.closeAll();
  // Every answer the emulator gave in the test matched the API Pix YAML.
  expect(emulator.violations).toEqual([]);
});
afterAll(() => emulator.close());

async function failure(promise: Promise<unknown>, code: PixErrorCode) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isPixError(error) ? error.code : error).toBe(code);
  return error as Error & { details: Record<string, unknown> };
}

let txidCounter = 0;
function newTxid() {
  txidCounter += 1;
  return txidFor(['client-test', String(Date.now()), String(txidCounter)]);
}

describe('connecting (mutual TLS and OAuth2)', () => {
  it('gets a token with the PEM pair and with the PFX, and keeps it for the next calls', async () => {
    const pem = clients.connect();
    const { scopes, missingScopes, expiresAt } = await pem.authenticate();
    expect(scopes).toEqual(expect.arrayContaining(['cobv.write', 'pix.read', 'webhook.write']));
    expect(missingScopes).toEqual([]);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now());
    const { pfx, passphrase } = emulator.client.certificate;
    const fromPfx = clients.connect({ certificate: { kind: 'pfx', pfx, passphrase } });
    const issuedBefore = emulator.sandbox.counts().tokensIssued;
    await fromPfx.authenticate();
    await fromPfx.getWebhook(emulator.receiver.chave);
    await fromPfx.getWebhook(emulator.receiver.chave);
    expect(emulator.sandbox.counts().tokensIssued).toBe(issuedBefore + 1);
  });

  it('asks for a new token once when the PSP refuses the cached one', async () => {
    const client = clients.connect();
    await client.authenticate();
    emulator.sandbox.expireTokens();
    const issuedBefore = emulator.sandbox.counts().tokensIssued;
    expect(await client.getWebhook('no-such-key-registered')).toBeNull();
    expect(emulator.sandbox.counts().tokensIssued).toBe(issuedBefore + 1);
  });

  it('renews the token a minute before the PSP says it expires, and asks once for concurrent calls', async () => {
    let clock = Date.now();
    const connection = emulatorConnection(emulator);
    const transport = createPixTransport(connection, 5_000);
    try {
      const tokens = createTokenSource(connection, transport, () => clock);
      const issuedBefore = emulator.sandbox.counts().tokensIssued;
      const [first, ...others] = await Promise.all([tokens.get(), tokens.get(), tokens.get()]);
      expect(others).toEqual([first, first]);
      expect(emulator.sandbox.counts().tokensIssued).toBe(issuedBefore + 1);
      expect(first?.expiresAt).toBe(clock + 3_600_000);
      clock += 3_600_000 - 61_000;
      expect(await tokens.get()).toBe(first);
      clock += 2_000;
      expect((await tokens.get()).accessToken).not.toBe(first?.accessToken);
    } finally {
      await transport.agent.close();
    }
  });

  it('says PSP_INVALID_CLIENT for a wrong secret or an unknown client, without the secret in the message', async () => {
    const wrong = await failure(
      clients.connect({ clientSecret: 'not-the-secret-4711' }).authenticate(),
      'PSP_INVALID_CLIENT',
    );
    expect(wrong.message).not.toContain('4711');
    await failure(clients.connect({ clientId: 'someone-else' }).authenticate(), 'PSP_INVALID_CLIENT');
  });

  it('says PSP_TLS_REJECTED for a certificate of another CA, and for a PSP whose certificate is not trusted', async () => {
    const stranger = issueClientCertificate(createTestCa('Another CA'), emulator.client.clientId);
    await failure(
      clients
        .connect({ certificate: { kind: 'pem', cert: stranger.cert, key: stranger.key } })
        .authenticate(),
      'PSP_TLS_REJECTED',
    );
    await failure(
      clients.connect({ trustedCa: createTestCa('Not the PSP').cert }).authenticate(),
      'PSP_TLS_REJECTED',
    );
  });

  it('says PSP_CERTIFICATE_UNREADABLE for a wrong PFX password, before calling anyone', async () => {
    const { pfx } = emulator.client.certificate;
    expect(() => clients.connect({ certificate: { kind: 'pfx', pfx, passphrase: 'wrong' } })).toThrow(
      expect.objectContaining({ code: 'PSP_CERTIFICATE_UNREADABLE' }),
    );
  });

  it('says PSP_UNREACHABLE when nothing answers at the address', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    server.close();
    await once(server, 'close');
    const nowhere = `https://127.0.0.1:${port}`;
    await failure(
      clients.connect({ tokenUrl: `${nowhere}/oauth/token`, baseUrl: nowhere }).authenticate(),
      'PSP_UNREACHABLE',
    );
  });

  it('says PSP_FORBIDDEN_SCOPE for a scope the client does not have or a call its token does not allow', async () => {
    await failure(clients.connect({ scopes: ['lotecobv.write'] }).authenticate(), 'PSP_FORBIDDEN_SCOPE');
    const readOnly = clients.connect({ scopes: ['cobv.read'] });
    expect((await readOnly.authenticate()).missingScopes).toEqual([
      'cobv.write',
      'pix.write',
      'pix.read',
      'webhook.write',
      'webhook.read',
    ]);
    await failure(readOnly.putDueCharge(newTxid(), dueChargeBody(emulator)), 'PSP_FORBIDDEN_SCOPE');
  });
});

describe('charges with a due date', () => {
  it('creates the same charge twice with one txid: one charge, same revision', async () => {
    const client = clients.connect();
    const txid = newTxid();
    const before = emulator.sandbox.counts().charges;
    const first = await client.putDueCharge(txid, dueChargeBody(emulator));
    const second = await client.putDueCharge(txid, dueChargeBody(emulator));
    expect(emulator.sandbox.counts().charges).toBe(before + 1);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ txid, revisao: 0, status: 'ATIVA', valor: { original: '249.00' } });
    const code = readPixPayload(String(first.pixCopiaECola));
    expect(code?.['26']).toContain(first.loc.location);
    const changed = await client.putDueCharge(
      txid,
      dueChargeBody(emulator, { valor: { original: '199.00' } }),
    );
    expect(changed).toMatchObject({ revisao: 1, valor: { original: '199.00' }, loc: first.loc });
  });

  it('reads a charge, null when the PSP has none, and removes it', async () => {
    const client = clients.connect();
    const txid = newTxid();
    expect(await client.getDueCharge(txid)).toBeNull();
    await client.putDueCharge(txid, dueChargeBody(emulator));
    expect(await client.getDueCharge(txid)).toMatchObject({ txid, status: 'ATIVA' });
    expect(await client.removeDueCharge(txid)).toMatchObject({
      txid,
      status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    });
    const refused = await failure(client.putDueCharge(txid, dueChargeBody(emulator)), 'PSP_REJECTED');
    expect(refused.details).toMatchObject({
      status: 400,
      type: 'https://pix.bcb.gov.br/api/v2/error/CobVOperacaoInvalida',
    });
  });

  it('passes on what the PSP said when it refuses a charge (PSP_REJECTED with the violations)', async () => {
    const client = clients.connect();
    const error = await failure(
      client.putDueCharge(newTxid(), dueChargeBody(emulator, { valor: { original: '10' } })),
      'PSP_REJECTED',
    );
    expect(error.details.violacoes).toEqual([
      expect.objectContaining({ propriedade: '/requestBody/valor/original' }),
    ]);
    expect(error.message).toContain('/requestBody/valor/original');
  });
});

describe('payments, refunds and webhooks', () => {
  it('reads a paid charge with its Pix, and the webhook the PSP posted', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const client = clients.connect();
      await client.putWebhook(emulator.receiver.chave, receiver.url);
      const txid = newTxid();
      await client.putDueCharge(txid, dueChargeBody(emulator));
      const pix = emulator.sandbox.pay(txid);
      await receiver.waitFor(1);
      expect(receiver.received[0]?.pix).toEqual([
        expect.objectContaining({ txid, valor: '249.00', endToEndId: pix.endToEndId }),
      ]);
      const paid = await client.getDueCharge(txid);
      expect(paid).toMatchObject({
        status: 'CONCLUIDA',
        pix: [expect.objectContaining({ endToEndId: pix.endToEndId })],
      });
      expect(await client.getReceivedPix(pix.endToEndId)).toMatchObject({ txid, valor: '249.00' });
      expect(await client.getReceivedPix('E00000000202601010000aaaaaaaaaaa')).toBeNull();
    } finally {
      await receiver.close();
    }
  });

  it('gets, puts and deletes the webhook of a key', async () => {
    const client = clients.connect();
    const key = emulator.receiver.chave;
    await client.deleteWebhook(key).catch(() => undefined);
    expect(await client.getWebhook(key)).toBeNull();
    await client.putWebhook(key, 'https://studio.example.com/api/pix-webhooks/abc');
    expect(await client.getWebhook(key)).toMatchObject({
      webhookUrl: 'https://studio.example.com/api/pix-webhooks/abc',
      chave: key,
    });
    await client.deleteWebhook(key);
    expect(await client.getWebhook(key)).toBeNull();
    await failure(
      client.putWebhook('not-our-key@example.com', 'https://studio.example.com/x'),
      'PSP_REJECTED',
    );
  });

  it('follows a refund from EM_PROCESSAMENTO to DEVOLVIDO, with the webhook carrying it', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const client = clients.connect();
      await client.putWebhook(emulator.receiver.chave, receiver.url);
      const txid = newTxid();
      await client.putDueCharge(txid, dueChargeBody(emulator));
      const { endToEndId } = emulator.sandbox.pay(txid);
      await receiver.waitFor(1);
      const refund = await client.requestRefund(endToEndId, 'refund1', {
        valor: '49.00',
        descricao: 'Aula cancelada',
      });
      expect(refund).toMatchObject({ id: 'refund1', valor: '49.00', status: 'EM_PROCESSAMENTO' });
      expect(await client.getRefund(endToEndId, 'refund1')).toMatchObject({ status: 'EM_PROCESSAMENTO' });
      emulator.sandbox.settleRefund(endToEndId, 'refund1');
      expect(await client.getRefund(endToEndId, 'refund1')).toMatchObject({
        status: 'DEVOLVIDO',
        horario: { liquidacao: expect.any(String) },
      });
      await receiver.waitFor(2);
      expect(receiver.received[1]?.pix[0]?.devolucoes).toEqual([
        expect.objectContaining({ id: 'refund1', status: 'DEVOLVIDO' }),
      ]);
      expect(await client.getRefund(endToEndId, 'other')).toBeNull();
      await failure(client.requestRefund(endToEndId, 'refund1', { valor: '1.00' }), 'PSP_REJECTED');
      await failure(client.requestRefund(endToEndId, 'refund2', { valor: '200.01' }), 'PSP_REJECTED');
    } finally {
      await receiver.close();
    }
  });

  it('reads every received Pix of a period page by page', async () => {
    const start = new Date('2026-03-01T00:00:00Z');
    for (let index = 0; index < 250; index += 1) {
      const horario = new Date(start.getTime() + index * 60_000).toISOString();
      emulator.sandbox.receivePix({ valor: `${index + 1}.00`, horario });
    }
    emulator.sandbox.receivePix({ valor: '1.00', horario: '2026-04-01T00:00:00Z' });
    const client = clients.connect();
    const seen: string[] = [];
    for await (const pix of client.listReceivedPix({
      start,
      end: new Date('2026-03-31T23:59:59Z'),
      pageSize: 100,
    })) {
      seen.push(pix.endToEndId);
    }
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
  });
});

describe('a PSP in trouble', () => {
  it('says PSP_UNAVAILABLE for 5xx and PSP_RATE_LIMITED for 429, then works again', async () => {
    const client = clients.connect();
    await client.authenticate();
    emulator.sandbox.failNext(1, 503);
    await failure(client.getWebhook(emulator.receiver.chave), 'PSP_UNAVAILABLE');
    emulator.sandbox.failNext(1, 500);
    await failure(client.getWebhook(emulator.receiver.chave), 'PSP_UNAVAILABLE');
    emulator.sandbox.failNext(1, 429, 7);
    const limited = await failure(client.getWebhook(emulator.receiver.chave), 'PSP_RATE_LIMITED');
    expect(limited.details.retryAfterSeconds).toBe(7);
    await expect(client.getDueCharge(newTxid())).resolves.toBeNull();
  });

  it('says PSP_TIMEOUT when the answer takes longer than the client waits', async () => {
    const client = clients.connect({}, { timeoutMs: 200 });
    await client.authenticate();
    emulator.sandbox.delayNext(1, 1000);
    await failure(client.getWebhook(emulator.receiver.chave), 'PSP_TIMEOUT');
  });
});
