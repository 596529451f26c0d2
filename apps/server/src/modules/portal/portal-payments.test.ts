import { serve } from '@hono/node-server';
import { addDays } from '@reformer/domain/calendar-dates';
import { readPixPayload } from '@reformer/domain/pix';
import { todayIn } from '@reformer/domain/time-zones';
import { type PixEmulator, startPixEmulator } from '@reformer/pix-emulator/emulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixCharges } from '../../db/schema/index.ts';
import { cpfFor } from '../../test/factories.ts';
import { freePort } from '../../test/free-port.ts';
import { createStudio, enrollNewCustomer, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { apiPixGateway } from '../pix-psp/pix-gateway.ts';
import { type PortalClient, portalClient, tokenOf } from './portal-client.ts';

/**
 * "Pay" in the portal (decision 042) against the local standard PSP (tools/pix-emulator) over mutual TLS, the
 * app listening on a real port for its webhook: one charge per cycle however many requests, paid by the PSP's
 * webhook; the static BR Code without a PSP; receipts; and the wall between customers.
 */

let emulator: PixEmulator;
let t: TestApp;
let server: ReturnType<typeof serve>;
let psp: Studio;
let plain: Studio;
const today = todayIn('America/Sao_Paulo');

const pixSettings = {
  pixKey: 'studio@example.com',
  pixMerchantName: 'Studio Sol',
  pixMerchantCity: 'Sao Paulo',
};

beforeAll(async () => {
  emulator = await startPixEmulator({ refundSettleMs: null });
  const port = await freePort();
  const gateway = apiPixGateway({ trustedCa: emulator.ca.cert });
  t = await createTestApp(
    { PIX_WEBHOOK_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: 'true' },
    { pixPsp: gateway },
  );
  server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
  const schedule = { startDate: addDays(today, -7), endDate: addDays(today, 200), capacity: 50 };
  const plan = { priceCents: 24_900, weeklySessionsLimit: null };
  psp = await createStudio(t, { plan, schedule: { ...schedule, daysOfWeek: [0, 1, 2, 3, 4, 5, 6] } });
  plain = await createStudio(t, { plan, schedule: { ...schedule, daysOfWeek: [0, 1, 2, 3, 4, 5, 6] } });
  for (const studio of [psp, plain]) {
    const saved = await t.request('PUT', `/organizations/${studio.organizationId}/pix-settings`, {
      token: studio.owner.token,
      body: pixSettings,
    });
    expect(saved.status, saved.text).toBe(200);
  }
  const { cert, key } = emulator.client.certificate;
  const connected = await t.request('PUT', `/organizations/${psp.organizationId}/pix-psp`, {
    token: psp.owner.token,
    body: {
      preset: 'CUSTOM',
      environment: 'SANDBOX',
      baseUrl: emulator.baseUrl,
      tokenUrl: emulator.tokenUrl,
      scopes: 'cobv.write cobv.read pix.read pix.write webhook.write webhook.read',
      clientId: emulator.client.clientId,
      clientSecret: emulator.client.clientSecret,
      certificate: { format: 'PEM', pem: `${cert}\n${key}` },
      pixKey: emulator.receiver.chave,
      chargeDaysAhead: 5,
      finePercent: 2,
      interestPercentMonthly: 1,
      discount: null,
    },
  });
  expect(connected.status, connected.text).toBe(200);
  const webhook = await t.request('PUT', `/organizations/${psp.organizationId}/pix-psp/webhook`, {
    token: psp.owner.token,
    body: {},
  });
  expect(webhook.status, webhook.text).toBe(200);
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
  await emulator.close();
});

let customerNumber = 0;
const cpfNumber = (seed: number) => cpfFor(seed, 200_000_000);

/** A customer of `studio` whose first monthly cycle is due today, signed in to the portal. */
async function payingCustomer(studio: Studio, options: { cpf?: boolean } = {}) {
  customerNumber += 1;
  const document = options.cpf === false ? {} : { idType: 'CPF', idNumber: cpfNumber(customerNumber) };
  const { customerId, enrollmentId } = await enrollNewCustomer(
    t,
    studio,
    { startDate: today },
    { firstName: `Paga${customerNumber}`, lastName: 'Lima', ...document },
  );
  const made = await t.request(
    'POST',
    `/organizations/${studio.organizationId}/customers/${customerId}/class-link`,
    {
      token: studio.owner.token,
    },
  );
  expect(made.status, made.text).toBe(201);
  const client = portalClient(t);
  const opened = await client.open(tokenOf(made.body.url as string));
  expect(opened.status, opened.text).toBe(200);
  return { customerId, enrollmentId, client };
}

type Due = {
  enrollmentId: string;
  cycleStart: string;
  amountCents: number;
  payBy: string;
  staticCode: string | null;
};
type PaymentItem = { id: string; method: string; amountCents: number; status: string; hasReceipt: boolean };

async function paymentsOf(client: PortalClient) {
  const answer = await client.request('GET', '/payments');
  expect(answer.status, answer.text).toBe(200);
  return answer.body as { dues: Due[]; payments: PaymentItem[] };
}

describe('a studio with a PSP', () => {
  it('opens one charge for a due cycle under 10 concurrent requests; the webhook pays it; a receipt follows', async () => {
    const bia = await payingCustomer(psp);
    const { dues } = await paymentsOf(bia.client);
    expect(dues).toMatchObject([
      { enrollmentId: bia.enrollmentId, cycleStart: today, amountCents: 24_900, payBy: 'PSP' },
    ]);
    const before = emulator.sandbox.counts();

    const target = { enrollmentId: bia.enrollmentId, cycleStart: today };
    // A slow PSP: the nine other requests queue behind the first's lock meanwhile, each holding one of the pool's
    // ten connections (CI's slow run found that the first then waited for an eleventh for ever).
    emulator.sandbox.delayNext(1, 1_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        bia.client.request('POST', '/payments/charges', target, { 'idempotency-key': `portal-pay-${index}` }),
      ),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const txids = new Set(answers.map((answer) => answer.body.txid as string));
    expect(txids.size).toBe(1);
    expect(answers[0]?.body).toMatchObject({ status: 'ACTIVE', amountCents: 24_900, dueDate: today });
    expect(answers[0]?.body.brCode).toMatch(/^000201/);
    // One PUT at the PSP, not ten: a request that finds the charge open asks the PSP nothing (each PUT opens a
    // client of its own, which takes a token).
    const after = emulator.sandbox.counts();
    expect(after.charges - before.charges).toBe(1);
    expect(after.tokensIssued - before.tokensIssued).toBe(1);
    const rows = await t.db
      .select({ txid: pixCharges.txid })
      .from(pixCharges)
      .where(
        and(eq(pixCharges.organizationId, psp.organizationId), eq(pixCharges.customerId, bia.customerId)),
      );
    expect(rows).toHaveLength(1);

    const [txid] = txids;
    emulator.sandbox.pay(txid ?? '');
    await emulator.sandbox.webhooksIdle();
    const status = await bia.client.request('GET', `/payments/charges/${txid}`);
    expect(status.status, status.text).toBe(200);
    expect(status.body).toMatchObject({ status: 'PAID', brCode: null });

    const paid = await paymentsOf(bia.client);
    expect(paid.dues).toEqual([]);
    expect(paid.payments).toMatchObject([
      { method: 'PIX', amountCents: 24_900, status: 'COMPLETED', hasReceipt: true },
    ]);
    const paymentId = paid.payments[0]?.id ?? '';
    const receipt = await bia.client.request('GET', `/payments/${paymentId}/receipt`);
    expect(receipt.status, receipt.text).toBe(200);
    expect(receipt.body).toMatchObject({
      paymentId,
      customerName: `Paga${customerNumber} Lima`,
      periodStart: today,
      isPack: false,
      amountCents: 24_900,
      refundedCents: 0,
      currency: 'BRL',
      method: 'PIX',
      status: 'COMPLETED',
    });
    // Staff open the same receipt from the customer's payments.
    const staff = await t.request(
      'GET',
      `/organizations/${psp.organizationId}/payments/${paymentId}/receipt`,
      {
        token: psp.owner.token,
      },
    );
    expect(staff.status, staff.text).toBe(200);
    expect(staff.body).toEqual(receipt.body);
    const otherOrganization = await t.request(
      'GET',
      `/organizations/${plain.organizationId}/payments/${paymentId}/receipt`,
      {
        token: plain.owner.token,
      },
    );
    expect(otherOrganization.status).toBe(404);

    // Another customer reaches none of it: not the charge, not the receipt, not the cycle.
    const eva = await payingCustomer(psp);
    expect((await eva.client.request('GET', `/payments/charges/${txid}`)).status).toBe(404);
    const stranger = await eva.client.request('GET', `/payments/${paymentId}/receipt`);
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.code).toBe('PAYMENT_NOT_FOUND');
    const notTheirs = await eva.client.request('POST', '/payments/charges', target);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.error.code).toBe('PORTAL_DUE_NOT_FOUND');
  }, 60_000);

  it('gives a customer without a CPF the studio’s static code: the PSP cannot name them as payer', async () => {
    const noCpf = await payingCustomer(psp, { cpf: false });
    const { dues } = await paymentsOf(noCpf.client);
    expect(dues).toMatchObject([{ payBy: 'STATIC' }]);
    const refused = await noCpf.client.request('POST', '/payments/charges', {
      enrollmentId: noCpf.enrollmentId,
      cycleStart: today,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('PORTAL_PAY_NOT_BY_PSP');
  });
});

describe('a studio without a PSP', () => {
  it('shows the static BR Code with the amount, and no charge can be opened', async () => {
    const ana = await payingCustomer(plain);
    const { dues } = await paymentsOf(ana.client);
    expect(dues).toMatchObject([{ payBy: 'STATIC', amountCents: 24_900 }]);
    const fields = readPixPayload(dues[0]?.staticCode ?? '');
    expect(fields?.['54']).toBe('249.00');
    expect(fields?.['59']).toBe('Studio Sol');
    const refused = await ana.client.request('POST', '/payments/charges', {
      enrollmentId: ana.enrollmentId,
      cycleStart: today,
    });
    expect(refused.status).toBe(409);
  });

  it('answers 401 without a portal session, and 400 for a body naming neither a cycle nor a pack', async () => {
    expect((await portalClient(t).request('GET', '/payments')).status).toBe(401);
    const ana = await payingCustomer(plain);
    const bad = await ana.client.request('POST', '/payments/charges', { enrollmentId: ana.enrollmentId });
    expect(bad.status).toBe(400);
  });
});
