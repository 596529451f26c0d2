import { crc16Ccitt, readPixPayload } from '@reformer/domain/pix';
import { type PixEmulator, startPixEmulator } from '@reformer/pix-emulator/emulator';
import { loadSpec } from '@reformer/pix-emulator/spec';
import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientPool, dueChargeBody, emulatorConnection, startWebhookReceiver } from './pix-test-helpers.ts';
import { txidFor } from './txid.ts';

/**
 * The emulator itself: that it holds requests to the API Pix YAML (so the client's tests prove something),
 * that its own answers are checked too, and that its misbehaviour on demand does what the tests rely on.
 */
let emulator: PixEmulator;
let agent: Agent;
let token: string;
const clients = clientPool(() => emulator);

async function raw(
  method: 'GET' | 'PUT' | 'PATCH' | 'POST',
  path: string,
  body?: unknown,
  url = emulator.baseUrl,
) {
  const answer = await request(`${url}${path}`, {
    dispatcher: agent,
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.body.text();
  return { status: answer.statusCode, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  emulator = await startPixEmulator({ refundSettleMs: 50 });
  const { cert, key } = emulator.client.certificate;
  agent = new Agent({ connect: { cert, key, ca: emulator.ca.cert } });
  const answer = await request(emulator.tokenUrl, {
    dispatcher: agent,
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${emulator.client.clientId}:${emulator.client.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  token = ((await answer.body.json()) as { access_token: string }).access_token;
});
afterEach(() => clients.closeAll());
afterAll(async () => {
  await agent.close();
  await emulator.close();
});

let counter = 0;
function newTxid() {
  counter += 1;
  return txidFor(['emulator-test', String(Date.now()), String(counter)]);
}

describe('requests are held to the API Pix YAML', () => {
  it('refuses an amount without decimals, naming the field (CobVOperacaoInvalida)', async () => {
    const answer = await raw(
      'PUT',
      `/cobv/${newTxid()}`,
      dueChargeBody(emulator, { valor: { original: '10' } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      type: 'https://pix.bcb.gov.br/api/v2/error/CobVOperacaoInvalida',
      violacoes: [expect.objectContaining({ propriedade: '/requestBody/valor/original' })],
    });
  });

  it('refuses a txid outside [a-zA-Z0-9]{26,35}, a charge without a debtor and a CPF that is not 11 digits', async () => {
    expect((await raw('PUT', '/cobv/short', dueChargeBody(emulator))).status).toBe(400);
    expect((await raw('PUT', `/cobv/${'a'.repeat(36)}`, dueChargeBody(emulator))).status).toBe(400);
    const { devedor: _devedor, ...withoutDebtor } = dueChargeBody(emulator);
    expect((await raw('PUT', `/cobv/${newTxid()}`, withoutDebtor)).status).toBe(400);
    const badCpf = dueChargeBody(emulator, { devedor: { cpf: '123', nome: 'Ana' } });
    expect((await raw('PUT', `/cobv/${newTxid()}`, badCpf)).status).toBe(400);
  });

  it('refuses a GET /pix without its period, with a date that is not RFC 3339, or a page size over 1,000', async () => {
    expect((await raw('GET', '/pix')).status).toBe(400);
    expect((await raw('GET', '/pix?inicio=ontem&fim=2026-01-02T00:00:00Z')).status).toBe(400);
    const query = 'inicio=2026-01-01T00:00:00Z&fim=2026-01-02T00:00:00Z&paginacao.itensPorPagina=1001';
    expect(await raw('GET', `/pix?${query}`)).toMatchObject({
      status: 400,
      body: { type: expect.stringMatching(/PixConsultaInvalida$/) },
    });
  });

  it('answers an operation of the standard it does not offer with AcessoNegado, and a path outside it with 404', async () => {
    // Batches of due-date charges: in the standard, not offered by the emulator.
    expect((await raw('PUT', '/lotecobv/1', { descricao: 'Lote', cobsv: [] })).status).toBe(403);
    expect((await raw('GET', '/nothing/here')).status).toBe(404);
  });

  it('refuses a connection without a client certificate, and a call without a token', async () => {
    const bare = new Agent({ connect: { ca: emulator.ca.cert } });
    await expect(request(emulator.tokenUrl, { dispatcher: bare, method: 'POST' })).rejects.toThrow();
    await bare.close();
    const answer = await request(
      `${emulator.baseUrl}/pix?inicio=2026-01-01T00:00:00Z&fim=2026-01-02T00:00:00Z`,
      { dispatcher: agent },
    );
    await answer.body.dump();
    expect(answer.statusCode).toBe(401);
  });
});

describe('answers are held to the YAML too', () => {
  const spec = loadSpec();
  const putCharge = spec.operation('PUT', '/cobv/{txid}');

  it('finds a charge answer that misses what the YAML requires, or a status it does not declare', () => {
    expect(spec.checkAnswer(putCharge, 201, { txid: newTxid() })).toMatchObject({ valid: false });
    expect(spec.checkAnswer(putCharge, 200, {})).toMatchObject({
      valid: false,
      errors: [expect.objectContaining({ message: expect.stringContaining('status 200 is not an answer') })],
    });
  });

  it('accepts the charge the emulator gives, and the YAML examples its errata were made for', async () => {
    const charge = await raw('PUT', `/cobv/${newTxid()}`, dueChargeBody(emulator));
    expect(spec.checkAnswer(putCharge, 201, charge.body)).toEqual({ valid: true });
    const examples = spec.document.components as { examples: Record<string, { value: unknown }> };
    const getPix = spec.operation('GET', '/pix/{e2eid}');
    expect(spec.checkAnswer(getPix, 200, examples.examples.pixResponse1?.value)).toEqual({ valid: true });
    expect(
      spec.checkAnswer(
        spec.operation('GET', '/pix/{e2eid}/devolucao/{id}'),
        200,
        examples.examples.devolucaoResponse1?.value,
      ),
    ).toEqual({ valid: true });
  });

  it('has given no answer that breaks the YAML in this file', () => {
    expect(emulator.violations).toEqual([]);
  });
});

describe('the charge it makes', () => {
  it('carries a dynamic BR Code with its location and a valid CRC', async () => {
    const { body } = await raw('PUT', `/cobv/${newTxid()}`, dueChargeBody(emulator));
    const code = String(body.pixCopiaECola);
    expect(crc16Ccitt(code.slice(0, -4))).toBe(code.slice(-4));
    const fields = readPixPayload(code);
    expect(fields?.['01']).toBe('12');
    expect(fields?.['26']).toBe(
      `0014br.gov.bcb.pix25${String(body.loc.location.length).padStart(2, '0')}${body.loc.location}`,
    );
    expect(fields?.['54']).toBeUndefined();
  });

  it('keeps each revision: a PATCH changes what it sends and keeps the rest', async () => {
    const txid = newTxid();
    await raw('PUT', `/cobv/${txid}`, dueChargeBody(emulator));
    const revised = await raw('PATCH', `/cobv/${txid}`, { valor: { original: '199.00' } });
    expect(revised).toMatchObject({
      status: 200,
      body: { revisao: 1, valor: { original: '199.00' }, devedor: { nome: 'Maria da Silva' } },
    });
    expect(await raw('GET', `/cobv/${txid}?revisao=0`)).toMatchObject({
      status: 200,
      body: { revisao: 0, valor: { original: '249.00' } },
    });
    const both = { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', valor: { original: '1.00' } };
    expect((await raw('PATCH', `/cobv/${txid}`, both)).status).toBe(400);
  });

  it('is paid with its discount when asked, with the discount in the Pix components', async () => {
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const txid = newTxid();
    const desconto = { modalidade: 1 as const, descontoDataFixa: [{ data: due, valorPerc: '20.00' }] };
    expect(
      (
        await raw(
          'PUT',
          `/cobv/${txid}`,
          dueChargeBody(emulator, { valor: { original: '249.00', desconto } }),
        )
      ).status,
    ).toBe(201);
    const pix = emulator.sandbox.pay(txid, { comDesconto: true });
    expect(pix).toMatchObject({
      valor: '229.00',
      componentesValor: { original: { valor: '249.00' }, desconto: { valor: '20.00' } },
    });
    const other = newTxid();
    await raw('PUT', `/cobv/${other}`, dueChargeBody(emulator));
    expect(emulator.sandbox.pay(other, { valor: '100.00' }).valor).toBe('100.00');
    expect(() => emulator.sandbox.pay(other)).toThrow(/ATIVA/);
  });
});

describe('webhooks on demand', () => {
  async function paidCharges(count: number) {
    const txids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const txid = newTxid();
      await raw('PUT', `/cobv/${txid}`, dueChargeBody(emulator));
      txids.push(txid);
    }
    return txids;
  }

  it('drops, repeats, holds and releases in reverse, and delays', async () => {
    const receiver = await startWebhookReceiver();
    try {
      await clients.connect().putWebhook(emulator.receiver.chave, receiver.url);
      const [dropped, repeated, first, second, late] = await paidCharges(5);
      emulator.sandbox.webhooks({ dropNext: 1 });
      emulator.sandbox.pay(String(dropped));
      emulator.sandbox.webhooks({ repeatNext: 1 });
      emulator.sandbox.pay(String(repeated));
      await receiver.waitFor(2);
      expect(receiver.received.map((body) => body.pix[0]?.txid)).toEqual([repeated, repeated]);

      emulator.sandbox.webhooks({ hold: true });
      emulator.sandbox.pay(String(first));
      emulator.sandbox.pay(String(second));
      expect(emulator.sandbox.releaseWebhooks('reverse')).toBe(2);
      await receiver.waitFor(4);
      expect(receiver.received.slice(2).map((body) => body.pix[0]?.txid)).toEqual([second, first]);

      emulator.sandbox.webhooks({ delayMs: 300 });
      const paidAt = Date.now();
      emulator.sandbox.pay(String(late));
      await receiver.waitFor(5);
      expect(Date.now() - paidAt).toBeGreaterThanOrEqual(290);
      emulator.sandbox.webhooks({ delayMs: 0 });
      const outcomes = emulator.sandbox.deliveries().map((delivery) => delivery.outcome);
      expect(outcomes.filter((outcome) => outcome === 'dropped')).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('settles a refund by itself after its delay and posts the Pix with it', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const client = clients.connect();
      await client.putWebhook(emulator.receiver.chave, receiver.url);
      const [txid] = await paidCharges(1);
      const { endToEndId } = emulator.sandbox.pay(String(txid));
      await receiver.waitFor(1);
      await client.requestRefund(endToEndId, 'r1', { valor: '249.00' });
      await receiver.waitFor(2);
      expect(receiver.received[1]?.pix[0]?.devolucoes?.[0]).toMatchObject({ id: 'r1', status: 'DEVOLVIDO' });
    } finally {
      await receiver.close();
    }
  });
});

describe('the control API over https', () => {
  it('pays a charge and injects failures through /__sandbox, over the same mutual TLS', async () => {
    const txid = newTxid();
    await raw('PUT', `/cobv/${txid}`, dueChargeBody(emulator));
    const paid = await raw('POST', `/charges/${txid}/pay`, { valor: '10.00' }, `${emulator.url}/__sandbox`);
    expect(paid).toMatchObject({ status: 201, body: { txid, valor: '10.00' } });
    expect(
      (await raw('POST', '/failures', { count: 1, status: 503 }, `${emulator.url}/__sandbox`)).status,
    ).toBe(204);
    expect((await raw('GET', `/cobv/${txid}`)).status).toBe(503);
    expect(await raw('GET', `/cobv/${txid}`)).toMatchObject({ status: 200, body: { status: 'CONCLUIDA' } });
    expect(
      (await raw('POST', '/failures', { count: 1, status: 200 }, `${emulator.url}/__sandbox`)).status,
    ).toBe(400);
  });

  it('gives the demo a connection the client can use as it is', async () => {
    const { scopes } = await clients.connect(emulatorConnection(emulator)).authenticate();
    expect(scopes.length).toBeGreaterThan(0);
  });
});
