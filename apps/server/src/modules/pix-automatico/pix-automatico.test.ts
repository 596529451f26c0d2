import { serve } from '@hono/node-server';
import { addDays } from '@reformer/domain/calendar-dates';
import { todayIn } from '@reformer/domain/time-zones';
import { type PixEmulator, startPixEmulator } from '@reformer/pix-emulator/emulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, pixRecurrences } from '../../db/schema/index.ts';
import { createPixClient } from '../../integrations/pix/pix-client.ts';
import { emulatorConnection } from '../../integrations/pix/pix-test-helpers.ts';
import { cpfFor, createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { freePort } from '../../test/free-port.ts';
import { connectionBody, receiverOf } from '../../test/pix-automatico-studio.ts';
import { createStudio, enrollNewCustomer } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { apiPixGateway } from '../pix-psp/pix-gateway.ts';

// Decision 048, against the local standard PSP over mutual TLS: Pix Automático started for an enrollment by
// Jornada 3 (the QR that authorizes it and pays the first cycle), read, cancelled by staff or by the
// enrollment's end; who may, and outsiders.

let emulator: PixEmulator;
let server: ReturnType<typeof serve>;
let t: TestApp;
let studio: Awaited<ReturnType<typeof createStudio<'accountant'>>>;
let owner: TestUser;
let accountant: TestUser;
let organizationId: string;
const today = todayIn('America/Sao_Paulo');

const receiver = () => receiverOf(emulator);

async function connect(receiverFields: object | null, org = organizationId, user = owner) {
  const saved = await t.request('PUT', `/organizations/${org}/pix-psp`, {
    token: user.token,
    body: connectionBody(emulator, receiverFields),
  });
  expect(saved.status, saved.text).toBe(200);
}

beforeAll(async () => {
  emulator = await startPixEmulator({ refundSettleMs: null });
  const gateway = apiPixGateway({ trustedCa: emulator.ca.cert });
  const port = await freePort();
  t = await createTestApp({ PIX_WEBHOOK_URL: `http://127.0.0.1:${port}` }, { pixPsp: gateway });
  server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
  studio = await createStudio<'accountant'>(t, {
    plan: { priceCents: 24_900, weeklySessionsLimit: null },
    schedule: {
      startDate: addDays(today, -40),
      endDate: addDays(today, 400),
      capacity: 50,
      daysOfWeek: [1, 2, 3, 4, 5, 6, 0],
    },
    members: { accountant: 'ORG_ACCOUNTANT' },
  });
  ({ owner, organizationId } = studio);
  accountant = studio.members.accountant;
  await connect(receiver());
  const webhook = await t.request('PUT', `/organizations/${organizationId}/pix-psp/webhook`, {
    token: owner.token,
    body: {},
  });
  expect(webhook.status, webhook.text).toBe(200);
});
afterEach(async () => {
  await emulator.sandbox.webhooksIdle();
  expect(emulator.violations).toEqual([]);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
  await emulator.close();
});

const path = (enrollmentId: string, suffix = '', org = organizationId) =>
  `/organizations/${org}/enrollments/${enrollmentId}/pix-automatico${suffix}`;

let customerNumber = 0;
/** A customer with a valid CPF (unless `cpf: null`) enrolled from `startInDays` days from today. */
async function enrolled(options: { cpf?: string | null; startInDays?: number } = {}) {
  customerNumber += 1;
  const cpf = options.cpf === undefined ? cpfNumber(customerNumber) : options.cpf;
  return enrollNewCustomer(
    t,
    studio,
    { startDate: addDays(today, options.startInDays ?? 0) },
    { firstName: 'Rec', ...(cpf ? { idType: 'CPF', idNumber: cpf } : {}) },
  );
}

const cpfNumber = (seed: number) => cpfFor(seed, 200_000_000);

let keyNumber = 0;
async function start(enrollmentId: string, body: object = { amountKind: 'FIXED' }, user = owner) {
  keyNumber += 1;
  return t.request('POST', path(enrollmentId), {
    token: user.token,
    body,
    headers: { 'idempotency-key': `pix-automatico-${keyNumber}-${Date.now()}` },
  });
}

const pspClient = () => createPixClient(emulatorConnection(emulator));

describe('starting Pix Automático (Jornada 3)', () => {
  it('creates the first cycle’s charge and the recurrence at the PSP, and answers its QR code', async () => {
    const { enrollmentId } = await enrolled();
    const started = await start(enrollmentId);
    expect(started.status, started.text).toBe(201);
    expect(started.body).toMatchObject({
      enrollmentId,
      state: 'CREATED',
      amountKind: 'FIXED',
      amountCents: 24_900,
      retryPolicy: 'PERMITE_3R_7D',
      periodicity: 'MENSAL',
      firstCycleStart: today,
      firstAmountCents: 24_900,
      endDate: null,
      isRequestedAtPayerBank: false,
    });
    expect(started.body.startDate > today).toBe(true);
    expect(started.body.pixCopiaECola).toMatch(/^000201/);

    const client = pspClient();
    try {
      const rec = await client.getRecurrence(started.body.idRec);
      expect(rec).toMatchObject({
        status: 'CRIADA',
        valor: { valorRec: '249.00' },
        calendario: { periodicidade: 'MENSAL', dataInicial: started.body.startDate },
        vinculo: { contrato: enrollmentId.replaceAll('-', '') },
      });
      const [row] = await t.db.select().from(pixRecurrences).where(eq(pixRecurrences.id, started.body.id));
      expect(await client.getImmediateCharge(String(row?.firstTxid))).toMatchObject({
        status: 'ATIVA',
        valor: { original: '249.00' },
      });
    } finally {
      await client.close();
    }

    const read = await t.request('GET', path(enrollmentId), { token: accountant.token });
    expect(read.status, read.text).toBe(200);
    expect(read.body.recurrence).toEqual(started.body);
  });

  it('answers the same recurrence to a repeated request, and refuses a second start', async () => {
    const { enrollmentId } = await enrolled();
    const key = `pix-automatico-repeat-${Date.now()}`;
    const ask = () =>
      t.request('POST', path(enrollmentId), {
        token: owner.token,
        body: { amountKind: 'FIXED' },
        headers: { 'idempotency-key': key },
      });
    const first = await ask();
    const again = await ask();
    expect(first.status, first.text).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const second = await start(enrollmentId);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('PIX_AUTOMATICO_EXISTS');
    const rows = await t.db
      .select()
      .from(pixRecurrences)
      .where(
        and(eq(pixRecurrences.organizationId, organizationId), eq(pixRecurrences.enrollmentId, enrollmentId)),
      );
    expect(rows).toHaveLength(1);
  });

  it('leaves nothing when the PSP fails before the recurrence exists, and can be started again', async () => {
    const { enrollmentId } = await enrolled();
    emulator.sandbox.failNext(1, 503);
    const failed = await start(enrollmentId);
    expect(failed.status, failed.text).toBe(503);
    expect(failed.body.error).toMatchObject({
      code: 'PSP_REQUEST_FAILED',
      details: { failure: 'PSP_UNAVAILABLE' },
    });
    // The answer also says whether a start is possible (`startAvailability`, the screens' part).
    expect((await t.request('GET', path(enrollmentId), { token: owner.token })).body.recurrence).toBeNull();
    expect((await start(enrollmentId)).status).toBe(201);
  });

  it('two starts at once give one recurrence', async () => {
    const { enrollmentId } = await enrolled();
    const answers = await Promise.all([start(enrollmentId), start(enrollmentId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  it('takes a floor, an end date and the payer’s bank (pushed there by /solicrec)', async () => {
    const { enrollmentId } = await enrolled();
    const started = await start(enrollmentId, {
      amountKind: 'FLOOR',
      floorCents: 10_000,
      endDate: addDays(today, 365),
      retryPolicy: 'NAO_PERMITE',
      payerBank: { ispb: '12345678', branch: '0001', account: '123456' },
    });
    expect(started.status, started.text).toBe(201);
    expect(started.body).toMatchObject({
      amountKind: 'FLOOR',
      amountCents: 10_000,
      retryPolicy: 'NAO_PERMITE',
      endDate: addDays(today, 365),
      isRequestedAtPayerBank: true,
    });
    expect(started.body.idRec).toMatch(/^RN/);
    const client = pspClient();
    try {
      expect(await client.getRecurrence(started.body.idRec)).toMatchObject({
        valor: { valorMinimoRecebedor: '100.00' },
      });
    } finally {
      await client.close();
    }
  });

  it('pays the next cycle ahead when nothing is owed, and refuses an end before it', async () => {
    const { enrollmentId } = await enrolled({ startInDays: 20 });
    const early = await start(enrollmentId, { amountKind: 'FIXED', endDate: addDays(today, 21) });
    expect(early.status).toBe(400);
    expect(early.body.error.details[0].path).toBe('endDate');
    const started = await start(enrollmentId);
    expect(started.status, started.text).toBe(201);
    expect(started.body.firstCycleStart).toBe(addDays(today, 20));
  });

  it('refuses without a CPF, for an enrollment that is not active, and bad input', async () => {
    const noCpf = await enrolled({ cpf: null });
    const refused = await start(noCpf.enrollmentId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('PIX_AUTOMATICO_PAYER_MISSING');

    const ended = await enrolled();
    const cancel = await t.request(
      'POST',
      `/organizations/${organizationId}/enrollments/${ended.enrollmentId}/actions`,
      {
        token: owner.token,
        body: { action: 'CANCEL' },
      },
    );
    expect(cancel.status, cancel.text).toBe(200);
    const notActive = await start(ended.enrollmentId);
    expect(notActive.status).toBe(409);
    expect(notActive.body.error.code).toBe('PIX_AUTOMATICO_ENROLLMENT_NOT_ACTIVE');

    const bad = await start(ended.enrollmentId, { amountKind: 'FLOOR' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((issue: { path: string }) => issue.path)).toEqual(['floorCents']);
  });
});

describe('cancelling', () => {
  it('staff cancel it at the PSP; a second cancel says it has ended', async () => {
    const { enrollmentId } = await enrolled();
    const started = await start(enrollmentId);
    const cancelled = await t.request('POST', path(enrollmentId, '/cancel'), { token: owner.token });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'CANCELLED_BY_RECEIVER', pixCopiaECola: null });
    const client = pspClient();
    try {
      expect(await client.getRecurrence(started.body.idRec)).toMatchObject({
        status: 'CANCELADA',
        encerramento: { cancelamento: { solicitante: 'USUARIO_RECEBEDOR' } },
      });
    } finally {
      await client.close();
    }
    const again = await t.request('POST', path(enrollmentId, '/cancel'), { token: owner.token });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('PIX_AUTOMATICO_CLOSED');
    // Ended, a new one may start.
    expect((await start(enrollmentId)).status).toBe(201);
  });

  it('takes the payer’s own cancellation when the PSP has it already', async () => {
    const { enrollmentId } = await enrolled();
    const started = await start(enrollmentId);
    // Its notice held back: our row still says CREATED when staff cancel.
    emulator.sandbox.webhooks({ hold: true });
    emulator.sandbox.cancelRecurrenceAsPayer(started.body.idRec);
    const cancelled = await t.request('POST', path(enrollmentId, '/cancel'), { token: owner.token });
    emulator.sandbox.webhooks({ hold: false });
    emulator.sandbox.releaseWebhooks();
    await emulator.sandbox.webhooksIdle();
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.state).toBe('CANCELLED_BY_PAYER');
    expect((await recurrenceOf(enrollmentId)).state).toBe('CANCELLED_BY_PAYER');
  });

  it('the enrollment’s cancellation cancels it', async () => {
    const { enrollmentId } = await enrolled();
    const started = await start(enrollmentId);
    const cancel = await t.request(
      'POST',
      `/organizations/${organizationId}/enrollments/${enrollmentId}/actions`,
      {
        token: owner.token,
        body: { action: 'CANCEL' },
      },
    );
    expect(cancel.status, cancel.text).toBe(200);
    const read = await t.request('GET', path(enrollmentId), { token: owner.token });
    expect(read.body.recurrence.state).toBe('CANCELLED_BY_RECEIVER');
    const client = pspClient();
    try {
      expect((await client.getRecurrence(started.body.idRec))?.status).toBe('CANCELADA');
    } finally {
      await client.close();
    }
  });

  it('keeps an enrollment with a recurrence from being deleted: it is cancelled instead', async () => {
    const { enrollmentId } = await enrolled();
    await start(enrollmentId);
    const enrollmentPath = `/organizations/${organizationId}/enrollments/${enrollmentId}`;
    const removed = await t.request('DELETE', enrollmentPath, { token: owner.token });
    expect(removed.status).toBe(409);
    expect(removed.body.error.code).toBe('ENROLLMENT_HAS_PAYMENTS');
    expect((await t.request('GET', path(enrollmentId), { token: owner.token })).body.recurrence.state).toBe(
      'CREATED',
    );
  });

  it('is not there to cancel before a start', async () => {
    const { enrollmentId } = await enrolled();
    const read = await t.request('GET', path(enrollmentId), { token: owner.token });
    expect(read.body).toMatchObject({ recurrence: null, startAvailability: { isAvailable: true } });
    const cancelled = await t.request('POST', path(enrollmentId, '/cancel'), { token: owner.token });
    expect(cancelled.status).toBe(404);
    expect(cancelled.body.error.code).toBe('PIX_AUTOMATICO_NOT_FOUND');
  });
});

describe('who may, and where', () => {
  it('needs a PSP with the receiving company’s CNPJ and account', async () => {
    const other = await createStudio(t, { plan: { priceCents: 10_000 } });
    const { enrollmentId } = await enrollNewCustomer(
      t,
      other,
      { startDate: today },
      { firstName: 'Sem', idType: 'CPF', idNumber: cpfNumber(900) },
    );
    const ask = () =>
      t.request('POST', path(enrollmentId, '', other.organizationId), {
        token: other.owner.token,
        body: { amountKind: 'FIXED' },
      });
    const noPsp = await ask();
    expect(noPsp.status).toBe(409);
    expect(noPsp.body.error).toMatchObject({
      code: 'PIX_AUTOMATICO_UNAVAILABLE',
      details: { reason: 'NO_PSP' },
    });
    await connect(null, other.organizationId, other.owner);
    const noReceiver = await ask();
    expect(noReceiver.body.error).toMatchObject({ details: { reason: 'NO_RECEIVER' } });
  });

  it('only who manages billing starts or cancels; who sees payments reads; others are refused', async () => {
    const { enrollmentId } = await enrolled();
    const instructor = studio.instructor;
    expect((await start(enrollmentId, { amountKind: 'FIXED' }, instructor)).status).toBe(403);
    expect((await t.request('GET', path(enrollmentId), { token: instructor.token })).status).toBe(403);
    expect((await start(enrollmentId, { amountKind: 'FIXED' }, accountant)).status).toBe(201);
    const cancel = await t.request('POST', path(enrollmentId, '/cancel'), { token: instructor.token });
    expect(cancel.status).toBe(403);
  });

  it('another organization’s enrollment is not found, and another organization cannot reach ours', async () => {
    const { enrollmentId } = await enrolled();
    await start(enrollmentId);
    const stranger = await createUser(t);
    const strangerOrg = (await createOrganization(t, stranger)).id;
    const asStranger = { token: stranger.token };
    for (const answer of [
      await t.request('GET', path(enrollmentId, '', strangerOrg), asStranger),
      await t.request('POST', path(enrollmentId, '', strangerOrg), {
        ...asStranger,
        body: { amountKind: 'FIXED' },
      }),
      await t.request('POST', path(enrollmentId, '/cancel', strangerOrg), asStranger),
      await t.request('GET', path('not-a-uuid'), { token: owner.token }),
    ]) {
      expect(answer.status, answer.text).toBe(404);
    }
    expect((await t.request('GET', path(enrollmentId), asStranger)).status).toBe(404);
  });

  it('audits starts and cancellations without the payer’s data', async () => {
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.organizationId, organizationId));
    const mine = entries.filter((entry) => entry.entityType === 'pix_recurrence');
    expect(mine.map((entry) => entry.action)).toContain('pix_automatico.started');
    expect(mine.map((entry) => entry.action)).toContain('pix_automatico.cancelled');
    // No CPF (11 digits) in them; ids are left out first, as a UUID's last group can hold 11 digits in a row.
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
    for (const entry of mine) expect(JSON.stringify(entry.details).replace(uuid, '')).not.toMatch(/\d{11}/);
  });
});

async function recurrenceOf(enrollmentId: string) {
  const read = await t.request('GET', path(enrollmentId), { token: owner.token });
  expect(read.status, read.text).toBe(200);
  return read.body.recurrence as { state: string; pixCopiaECola: string | null; firstCycleStart: string };
}

async function pixPaymentsOf(customerId: string) {
  const answer = await t.request(
    'GET',
    `/organizations/${organizationId}/payments?customerId=${customerId}`,
    {
      token: owner.token,
    },
  );
  expect(answer.status, answer.text).toBe(200);
  return (
    answer.body.items as {
      method: string;
      amountCents: number;
      cycleStart: string | null;
      endToEndId: string | null;
    }[]
  ).filter((payment) => payment.endToEndId !== null);
}

describe('the PSP’s recurrence webhook', () => {
  it('the payer pays the QR: the recurrence is approved and the first cycle paid by its Pix', async () => {
    const { enrollmentId, customerId } = await enrolled();
    const started = await start(enrollmentId);
    expect(started.status, started.text).toBe(201);
    emulator.sandbox.approveRecurrence(started.body.idRec);
    await emulator.sandbox.webhooksIdle();
    const after = await recurrenceOf(enrollmentId);
    expect(after).toMatchObject({ state: 'APPROVED', pixCopiaECola: null });
    const payments = await pixPaymentsOf(customerId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      method: 'PIX',
      amountCents: 24_900,
      cycleStart: after.firstCycleStart,
    });
  });

  it('repeated and reordered notices change each thing once, forward only', async () => {
    const { enrollmentId, customerId } = await enrolled();
    const started = await start(enrollmentId);
    emulator.sandbox.webhooks({ hold: true, repeatNext: 2 });
    emulator.sandbox.approveRecurrence(started.body.idRec);
    emulator.sandbox.cancelRecurrenceAsPayer(started.body.idRec);
    expect(emulator.sandbox.releaseWebhooks('reverse')).toBeGreaterThan(3);
    await emulator.sandbox.webhooksIdle();
    emulator.sandbox.webhooks({ hold: false, repeatNext: 0 });
    expect((await recurrenceOf(enrollmentId)).state).toBe('CANCELLED_BY_PAYER');
    expect(await pixPaymentsOf(customerId)).toHaveLength(1);
  });

  it('a rejection ends it, and a new start is then possible', async () => {
    const { enrollmentId } = await enrolled();
    const started = await start(enrollmentId);
    emulator.sandbox.rejectRecurrence(started.body.idRec);
    await emulator.sandbox.webhooksIdle();
    expect((await recurrenceOf(enrollmentId)).state).toBe('REJECTED');
    expect((await start(enrollmentId)).status).toBe(201);
  });

  it('answers 404 to a wrong secret or organization, telling nothing', async () => {
    const body = { recs: [{ idRec: 'RR1234567820261127abcdefghijk', status: 'APROVADA' }] };
    for (const org of [organizationId, '00000000-0000-0000-0000-000000000000', 'nope']) {
      const answer = await t.request('POST', `/pix-webhooks/${org}/wrong-secret/rec`, { body });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
    }
  });
});
