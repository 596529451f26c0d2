import { crc16Ccitt } from '@reformer/domain/pix';
import { type PixEmulator, startPixEmulator } from '@reformer/pix-emulator/emulator';
import { loadSpec } from '@reformer/pix-emulator/spec';
import { Agent, request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  RecurrenceNotification,
  RecurrenceRequest,
  RecurringChargeNotification,
  RecurringChargeRequest,
} from './api-pix-automatico-types.ts';
import type { ReceivedPix } from './api-pix-types.ts';
import { isPixError, type PixErrorCode } from './pix-error.ts';
import { clientPool, startCallbackReceiver } from './pix-test-helpers.ts';
import { txidFor } from './txid.ts';

/**
 * Pix Automático through the client, over mutual TLS, against the local PSP: every request and answer (and each
 * callback) held to the API Pix YAML; the journeys, the charges' window, retries and cancellations by either side.
 */
let emulator: PixEmulator;
let callbacks: Awaited<ReturnType<typeof startCallbackReceiver>>;
const clients = clientPool(() => emulator);

beforeAll(async () => {
  emulator = await startPixEmulator({ refundSettleMs: null });
  callbacks = await startCallbackReceiver();
  const client = clients.connect();
  await client.putWebhook(emulator.receiver.chave, callbacks.url);
  await client.putRecurrenceWebhook('rec', callbacks.url);
  await client.putRecurrenceWebhook('cobr', callbacks.url);
});
afterEach(async () => {
  await clients.closeAll();
  await emulator.sandbox.webhooksIdle();
  expect(emulator.violations).toEqual([]);
});
afterAll(async () => {
  await emulator.close();
  await callbacks.close();
});

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
let counter = 0;
function next() {
  counter += 1;
  return counter;
}
const newTxid = () => txidFor(['pix-automatico-test', String(Date.now()), String(next())]);

async function failure(promise: Promise<unknown>, code: PixErrorCode) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isPixError(error) ? error.code : error).toBe(code);
  return error as Error & { details: Record<string, unknown> };
}

function recurrenceBody(change: Partial<RecurrenceRequest> = {}): RecurrenceRequest {
  return {
    vinculo: {
      contrato: `enrollment-${next()}`,
      objeto: 'Pilates mensal',
      devedor: { cpf: '12345678909', nome: 'Maria da Silva' },
    },
    calendario: { dataInicial: inDays(5), periodicidade: 'MENSAL' },
    valor: { valorRec: '249.00' },
    politicaRetentativa: 'PERMITE_3R_7D',
    ...change,
  };
}

function chargeBody(idRec: string, change: Partial<RecurringChargeRequest> = {}): RecurringChargeRequest {
  return {
    idRec,
    calendario: { dataDeVencimento: inDays(5) },
    valor: { original: '249.00' },
    ajusteDiaUtil: true,
    recebedor: emulator.account,
    infoAdicional: 'Mensalidade de Pilates',
    ...change,
  };
}

/** A recurrence approved through the QR that authorizes it (Jornada 2). */
async function approvedRecurrence(change: Partial<RecurrenceRequest> = {}) {
  const client = clients.connect();
  const rec = await client.createRecurrence(recurrenceBody(change));
  emulator.sandbox.approveRecurrence(rec.idRec);
  return rec;
}

const cobrUpdate = (txid: string, status: string) =>
  callbacks.waitFor<RecurringChargeNotification>(
    'cobr',
    (item) => item.txid === txid && item.status === status,
  );
const attemptsOf = (txid: string, status: string) =>
  callbacks.waitFor<RecurringChargeNotification>(
    'cobr',
    (item) => item.txid === txid && (item.tentativas ?? []).at(-1)?.status === status,
  );

describe('the YAML as the emulator reads it', () => {
  it('takes the examples its errata were made for: POST /rec, the rec callback, POST /solicrec', () => {
    const spec = loadSpec();
    const examples = (spec.document.components as { examples: Record<string, { value: unknown }> }).examples;
    const post = (path: string, body: unknown) =>
      spec.checkRequest(spec.operation('POST', path), {
        method: 'POST',
        path: `/api/v2${path}`,
        query: {},
        headers: { 'content-type': 'application/json' },
        body,
      });
    expect(post('/rec', examples.recBody1?.value)).toEqual({ valid: true });
    expect(post('/rec', examples.recBody2?.value)).toEqual({ valid: true });
    expect(post('/solicrec', examples.solicRecBody1?.value)).toEqual({ valid: true });
    expect(spec.checkCallback('rec', examples.recWebhookNotification1?.value)).toEqual({ valid: true });
  });

  it('still refuses a recurrence with both a fixed amount and a floor, and a periodicity outside the list', async () => {
    const client = clients.connect();
    const both = recurrenceBody({ valor: { valorRec: '10.00', valorMinimoRecebedor: '5.00' } as never });
    const error = await failure(client.createRecurrence(both), 'PSP_REJECTED');
    expect(error.details.type).toBe('https://pix.bcb.gov.br/api/v2/error/RecOperacaoInvalida');
    const daily = recurrenceBody({
      calendario: { dataInicial: inDays(5), periodicidade: 'DIARIA' as never },
    });
    await failure(client.createRecurrence(daily), 'PSP_REJECTED');
  });
});

describe('Jornada 3: the QR that pays the first charge and authorizes the recurrence', () => {
  it('gives a composite code, and the payer paying it approves the recurrence and pays the charge', async () => {
    const client = clients.connect();
    const loc = await client.createRecurrenceLocation();
    const firstTxid = newTxid();
    await client.putImmediateCharge(firstTxid, {
      calendario: { expiracao: 3600 },
      devedor: { cpf: '12345678909', nome: 'Maria da Silva' },
      valor: { original: '249.00' },
      chave: emulator.receiver.chave,
    });
    const created = await client.createRecurrence(
      recurrenceBody({ loc: loc.id, ativacao: { dadosJornada: { txid: firstTxid } } }),
    );
    expect(created).toMatchObject({ status: 'CRIADA', ativacao: { tipoJornada: 'AGUARDANDO_DEFINICAO' } });
    expect(created.idRec).toMatch(/^RR99999004\d{8}[A-Za-z0-9]{11}$/);

    const read = await client.getRecurrence(created.idRec, firstTxid);
    expect(read?.dadosQR?.jornada).toBe('JORNADA_3');
    const code = String(read?.dadosQR?.pixCopiaECola);
    expect(code).toContain(loc.location);
    expect(code.slice(-4)).toBe(crc16Ccitt(code.slice(0, -4)));
    expect((await client.getRecurrence(created.idRec))?.dadosQR?.jornada).toBe('JORNADA_2');

    emulator.sandbox.approveRecurrence(created.idRec);
    const pix = await callbacks.waitFor<ReceivedPix>('pix', (item) => item.txid === firstTxid);
    expect(pix.valor).toBe('249.00');
    const approved = await callbacks.waitFor<RecurrenceNotification>(
      'rec',
      (item) => item.idRec === created.idRec && item.status === 'APROVADA',
    );
    expect(approved.ativacao).toEqual({ tipoJornada: 'JORNADA_3', dadosJornada: { txid: firstTxid } });
    expect(await client.getImmediateCharge(firstTxid)).toMatchObject({ status: 'CONCLUIDA' });
    expect(await client.getRecurrence(created.idRec)).toMatchObject({
      status: 'APROVADA',
      pagador: { cpf: '12345678909' },
    });
  });
});

describe('recurring charges', () => {
  it('schedules a cycle’s debit, reads a repeated PUT back as the same charge, and settles it with a Pix', async () => {
    const client = clients.connect();
    const rec = await approvedRecurrence();
    const txid = newTxid();
    const put = await client.putRecurringCharge(txid, chargeBody(rec.idRec));
    expect(put).toMatchObject({ status: 'CRIADA', politicaRetentativa: 'PERMITE_3R_7D' });
    await cobrUpdate(txid, 'ATIVA');
    expect((await client.putRecurringCharge(txid, chargeBody(rec.idRec))).txid).toBe(txid);
    expect(emulator.sandbox.counts().recurringCharges).toBeGreaterThan(0);

    emulator.sandbox.settleRecurringCharge(txid);
    const paid = await cobrUpdate(txid, 'CONCLUIDA');
    expect(paid.pix?.[0]).toMatchObject({ txid, valor: '249.00' });
    expect(paid.pix?.[0]?.endToEndId).toBe(paid.tentativas?.[0]?.endToEndId);
    expect(await client.getRecurringCharge(txid)).toMatchObject({ status: 'CONCLUIDA' });
  });

  it('retries a failed debit within the policy, then it is paid', async () => {
    const client = clients.connect();
    const rec = await approvedRecurrence();
    const txid = newTxid();
    await client.putRecurringCharge(txid, chargeBody(rec.idRec));
    await attemptsOf(txid, 'AGENDADA');
    emulator.sandbox.failRecurringCharge(txid);
    const failed = await attemptsOf(txid, 'REJEITADA');
    expect(failed.status).toBe('ATIVA');

    const retried = await client.retryRecurringCharge(txid, inDays(6));
    expect(retried.tentativas?.map((item) => item.tipo)).toEqual(['AGND', 'NTAG']);
    await attemptsOf(txid, 'AGENDADA');
    await failure(client.retryRecurringCharge(txid, inDays(7)), 'PSP_REJECTED');
    emulator.sandbox.settleRecurringCharge(txid);
    expect((await cobrUpdate(txid, 'CONCLUIDA')).tentativas?.map((item) => item.status)).toEqual([
      'REJEITADA',
      'PAGA',
    ]);
  });

  it('without retries a failed debit ends the charge, and a retry is refused', async () => {
    const client = clients.connect();
    const rec = await approvedRecurrence({ politicaRetentativa: 'NAO_PERMITE' });
    expect(rec.idRec.startsWith('RN')).toBe(true);
    const txid = newTxid();
    await client.putRecurringCharge(txid, chargeBody(rec.idRec));
    await attemptsOf(txid, 'AGENDADA');
    emulator.sandbox.failRecurringCharge(txid);
    await cobrUpdate(txid, 'EXPIRADA');
    const error = await failure(client.retryRecurringCharge(txid, inDays(6)), 'PSP_REJECTED');
    expect(error.details.detail).toContain('não permite retentativa');
  });

  it('refuses a charge outside 2–10 days before its due date, a second one in the cycle, another amount, a recurrence not approved', async () => {
    const client = clients.connect();
    const rec = await approvedRecurrence();
    await failure(
      client.putRecurringCharge(
        newTxid(),
        chargeBody(rec.idRec, { calendario: { dataDeVencimento: inDays(1) } }),
      ),
      'PSP_REJECTED',
    );
    await failure(
      client.putRecurringCharge(
        newTxid(),
        chargeBody(rec.idRec, { calendario: { dataDeVencimento: inDays(11) } }),
      ),
      'PSP_REJECTED',
    );
    await failure(
      client.putRecurringCharge(newTxid(), chargeBody(rec.idRec, { valor: { original: '250.00' } })),
      'PSP_REJECTED',
    );
    await client.putRecurringCharge(newTxid(), chargeBody(rec.idRec));
    await failure(
      client.putRecurringCharge(
        newTxid(),
        chargeBody(rec.idRec, { calendario: { dataDeVencimento: inDays(6) } }),
      ),
      'PSP_REJECTED',
    );
    const pending = await client.createRecurrence(recurrenceBody());
    await failure(client.putRecurringCharge(newTxid(), chargeBody(pending.idRec)), 'PSP_REJECTED');
  });
});

describe('the recurrence’s life', () => {
  it('the payer cancelling in their bank cancels the recurrence and its open charge, and says who', async () => {
    const client = clients.connect();
    const rec = await approvedRecurrence();
    const txid = newTxid();
    await client.putRecurringCharge(txid, chargeBody(rec.idRec));
    emulator.sandbox.cancelRecurrenceAsPayer(rec.idRec);
    const cancelled = await callbacks.waitFor<RecurrenceNotification>(
      'rec',
      (item) => item.idRec === rec.idRec && item.status === 'CANCELADA',
    );
    expect(cancelled.encerramento?.cancelamento).toMatchObject({
      solicitante: 'USUARIO_PAGADOR',
      codigo: 'SLDB',
    });
    await cobrUpdate(txid, 'CANCELADA');
  });

  it('the studio cancels it once; a recurrence refused by the payer, or one never seen, is told apart', async () => {
    const client = clients.connect();
    const rec = await approvedRecurrence();
    expect(await client.cancelRecurrence(rec.idRec)).toMatchObject({ status: 'CANCELADA' });
    await failure(client.cancelRecurrence(rec.idRec), 'PSP_REJECTED');

    const refused = await client.createRecurrence(recurrenceBody());
    emulator.sandbox.rejectRecurrence(refused.idRec);
    expect(await client.getRecurrence(refused.idRec)).toMatchObject({
      status: 'REJEITADA',
      encerramento: { rejeicao: { codigo: 'AP13' } },
    });
    expect(await client.getRecurrence('RR9999900420250101abcdefghijk')).toBeNull();
    expect(await client.getRecurringCharge(newTxid())).toBeNull();
  });

  it('a request pushed to the payer’s bank is Jornada 1 once accepted, and only one may be open', async () => {
    const client = clients.connect();
    const rec = await client.createRecurrence(recurrenceBody());
    const body = {
      idRec: rec.idRec,
      calendario: { dataExpiracaoSolicitacao: new Date(Date.now() + 3 * DAY_MS).toISOString() },
      destinatario: { ispbParticipante: '00000000', agencia: '1234', conta: '567890', cpf: '12345678909' },
    };
    expect(await client.requestAuthorization(body)).toMatchObject({ status: 'CRIADA' });
    await failure(client.requestAuthorization(body), 'PSP_REJECTED');
    emulator.sandbox.approveRecurrence(rec.idRec);
    expect((await client.getRecurrence(rec.idRec))?.ativacao?.tipoJornada).toBe('JORNADA_1');
  });

  it('repeats and reorders recurrence callbacks on demand, as the Pix ones', async () => {
    const client = clients.connect();
    const rec = await client.createRecurrence(recurrenceBody());
    emulator.sandbox.webhooks({ hold: true, repeatNext: 1 });
    emulator.sandbox.approveRecurrence(rec.idRec);
    emulator.sandbox.cancelRecurrenceAsPayer(rec.idRec);
    expect(emulator.sandbox.releaseWebhooks('reverse')).toBe(3);
    await emulator.sandbox.webhooksIdle();
    const statuses = callbacks
      .items<RecurrenceNotification>('rec')
      .filter((item) => item.idRec === rec.idRec)
      .map((item) => item.status);
    expect(statuses).toEqual(['CANCELADA', 'APROVADA', 'APROVADA']);
  });

  it('lists recurrences and charges by creation time, page after page, with the YAML’s filters', async () => {
    const client = clients.connect();
    const start = new Date(Date.now() - 1000);
    const cpf = '52998224725';
    const made = [];
    for (let index = 0; index < 3; index += 1) {
      const body = recurrenceBody();
      made.push(
        await client.createRecurrence({
          ...body,
          vinculo: { ...body.vinculo, devedor: { cpf, nome: 'Ana Lima' } },
        }),
      );
    }
    const first = made[0];
    if (!first) throw new Error('no recurrence');
    emulator.sandbox.approveRecurrence(first.idRec);
    const txid = newTxid();
    await client.putRecurringCharge(txid, chargeBody(first.idRec));
    const end = new Date(Date.now() + 1000);

    const listed = [];
    for await (const rec of client.listRecurrences({ start, end, cpf, pageSize: 2 })) listed.push(rec.idRec);
    expect(listed).toEqual(made.map((rec) => rec.idRec));
    const approved = [];
    for await (const rec of client.listRecurrences({ start, end, cpf, status: 'APROVADA' }))
      approved.push(rec.idRec);
    expect(approved).toEqual([first.idRec]);
    const charges = [];
    for await (const charge of client.listRecurringCharges({ start, end, idRec: first.idRec }))
      charges.push(charge.txid);
    expect(charges).toEqual([txid]);
    const none = [];
    for await (const rec of client.listRecurrences({ start: end, end: start })) none.push(rec);
    expect(none).toEqual([]);
  });

  it('is driven over https too: /__sandbox approves, fails and settles as in process', async () => {
    const client = clients.connect();
    const { cert, key } = emulator.client.certificate;
    const agent = new Agent({ connect: { cert, key, ca: emulator.ca.cert } });
    const sandbox = async (path: string, body: unknown = {}) => {
      const answer = await request(`${emulator.url}/__sandbox${path}`, {
        dispatcher: agent,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: answer.statusCode, body: (await answer.body.json()) as { status: string } };
    };
    const rec = await client.createRecurrence(recurrenceBody());
    expect(await sandbox(`/recurrences/${rec.idRec}/approve`)).toMatchObject({
      status: 200,
      body: { status: 'APROVADA' },
    });
    const txid = newTxid();
    await client.putRecurringCharge(txid, chargeBody(rec.idRec));
    await attemptsOf(txid, 'AGENDADA');
    expect((await sandbox(`/recurring-charges/${txid}/fail`, { codigo: 'AM02' })).status).toBe(200);
    expect((await sandbox(`/recurring-charges/${txid}/settle`)).status).toBe(409);
    expect((await sandbox(`/recurring-charges/${txid}/fail`, { codigo: 'too long' })).status).toBe(400);
    await agent.close();
  });
});
