import { serve } from '@hono/node-server';
import { addDays } from '@reformer/domain/calendar-dates';
import { todayIn } from '@reformer/domain/time-zones';
import { type PixEmulator, startPixEmulator } from '@reformer/pix-emulator/emulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pixCharges, pixPspConnections, pixRefunds } from '../../db/schema/index.ts';
import { createPixClient } from '../../integrations/pix/pix-client.ts';
import { emulatorConnection } from '../../integrations/pix/pix-test-helpers.ts';
import { sealContext } from '../../lib/sealed-columns.ts';
import {
  cpfFor,
  createCustomer,
  createOrganization,
  createPlan,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { freePort } from '../../test/free-port.ts';
import { createStudio, enrollNewCustomer, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { apiPixGateway } from '../pix-psp/pix-gateway.ts';
import { pixSandboxOf } from '../pix-psp/pix-sandbox.ts';
import { portalClient, tokenOf } from '../portal/portal-client.ts';
import { issueCharges, type PixJobDeps } from './pix-charges-job.ts';
import { reconcilePix } from './reconcile-pix.ts';

// Decision 030, against the local standard PSP (tools/pix-emulator) over mutual TLS, with the app listening on
// a real port for its webhook: charges issued once per cycle, paid by webhook or by reconciliation exactly
// once, removed when paid another way, refunded through the PSP only when it settles.

let emulator: PixEmulator;
let t: TestApp;
let server: ReturnType<typeof serve>;
let owner: TestUser;
let organizationId: string;
let jobs: PixJobDeps;
let studio: Studio;
const today = todayIn('America/Sao_Paulo');

beforeAll(async () => {
  emulator = await startPixEmulator({ refundSettleMs: null });
  const port = await freePort();
  const gateway = apiPixGateway({ trustedCa: emulator.ca.cert });
  t = await createTestApp({ PIX_WEBHOOK_URL: `http://127.0.0.1:${port}` }, { pixPsp: gateway });
  server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
  jobs = { db: t.db, secretBox: t.secretBox, gateway };
  studio = await createStudio(t, {
    plan: { priceCents: 24_900, weeklySessionsLimit: null },
    schedule: {
      startDate: addDays(today, -7),
      endDate: addDays(today, 200),
      capacity: 50,
      daysOfWeek: [1, 2, 3, 4, 5, 6, 0],
    },
  });
  ({ owner, organizationId } = studio);
  const { cert, key } = emulator.client.certificate;
  const saved = await t.request('PUT', `/organizations/${organizationId}/pix-psp`, {
    token: owner.token,
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
      discount: { percent: 5, daysBefore: 1 },
    },
  });
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
  await emulator.close();
});

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;

let customerNumber = 0;
/** A customer with a valid CPF (or none) enrolled from `startInDays` days ahead: their first cycle is due then. */
async function enrolledCustomer(options: { cpf?: string | null; startInDays?: number } = {}) {
  customerNumber += 1;
  const cpf = options.cpf === undefined ? cpfNumber(customerNumber) : options.cpf;
  return enrollNewCustomer(
    t,
    studio,
    { startDate: addDays(today, options.startInDays ?? 3) },
    { firstName: 'Pix', ...(cpf ? { idType: 'CPF', idNumber: cpf } : {}) },
  );
}

const cpfNumber = (seed: number) => cpfFor(seed);

async function chargesOf(customerId: string) {
  const answer = await t.request('GET', orgPath(`/customers/${customerId}/pix-charges`), {
    token: owner.token,
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as {
    needsPayerDocument: boolean;
    charges: { txid: string; status: string; brCode: string | null; amountCents: number }[];
  };
}

async function paymentsOf(customerId: string) {
  const answer = await t.request('GET', orgPath(`/payments?customerId=${customerId}`), {
    token: owner.token,
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.items as {
    id: string;
    amountCents: number;
    method: string;
    endToEndId: string | null;
    refundedCents: number;
    creditedCents: number;
    status: string;
  }[];
}

async function cycleOf(customerId: string) {
  const answer = await t.request('GET', orgPath(`/customers/${customerId}/billing`), { token: owner.token });
  return answer.body.enrollments[0].cycles[0] as { status: string; paidCents: number; amountCents: number };
}

async function registerWebhook() {
  const answer = await t.request('PUT', orgPath('/pix-psp/webhook'), { token: owner.token, body: {} });
  expect(answer.status, answer.text).toBe(200);
}

/** The customer pays their charge at the PSP and the webhook has been delivered (or dropped). */
async function payAtPsp(txid: string, options: { comDesconto?: boolean } = {}) {
  const pix = emulator.sandbox.pay(txid, options);
  await emulator.sandbox.webhooksIdle();
  return pix;
}

describe('charges issued ahead of the due date', () => {
  it('issues one charge per cycle due within the days ahead, however many runs, and none beyond', async () => {
    const near = await enrolledCustomer({ startInDays: 3 });
    const far = await enrolledCustomer({ startInDays: 20 });
    const before = emulator.sandbox.counts().charges;
    await Promise.all([issueCharges(jobs, new Date()), issueCharges(jobs, new Date())]);
    await issueCharges(jobs, new Date());
    const { charges } = await chargesOf(near.customerId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'ACTIVE', amountCents: 24_900 });
    expect(charges[0]?.brCode).toMatch(/^000201/);
    expect((await chargesOf(far.customerId)).charges).toHaveLength(0);
    expect(emulator.sandbox.counts().charges - before).toBe(1);
    expect(emulator.violations).toEqual([]);
  });

  it('asks for the CPF of a customer who has none, and issues nothing for them', async () => {
    const customer = await enrolledCustomer({ cpf: null });
    await issueCharges(jobs, new Date());
    const answer = await chargesOf(customer.customerId);
    expect(answer).toMatchObject({ needsPayerDocument: true, charges: [] });
  });
});

describe('the webhook', () => {
  it('registers our URL, and replaces another system’s only when asked naming it', async () => {
    const client = createPixClient(emulatorConnection(emulator));
    await client.putWebhook(emulator.receiver.chave, 'https://erp.example.com/pix-hook');
    await client.close();
    const read = await t.request('GET', orgPath('/pix-psp/webhook'), { token: owner.token });
    expect(read.body).toEqual({ registeredUrl: 'https://erp.example.com/pix-hook', isOurs: false });
    const refused = await t.request('PUT', orgPath('/pix-psp/webhook'), { token: owner.token, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'PIX_WEBHOOK_TAKEN',
      details: { registeredUrl: 'https://erp.example.com/pix-hook' },
    });
    const replaced = await t.request('PUT', orgPath('/pix-psp/webhook'), {
      token: owner.token,
      body: { replaceUrl: 'https://erp.example.com/pix-hook' },
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.isOurs).toBe(true);
    // Our URL is shown with its secret hidden: the path secret is never answered.
    const [row] = await t.db
      .select({ sealed: pixPspConnections.webhookSecretSealed })
      .from(pixPspConnections)
      .where(eq(pixPspConnections.organizationId, organizationId));
    expect(replaced.body.registeredUrl).toMatch(/\/api\/pix-webhooks\/[^/]+\/•••$/);
    const again = await t.request('GET', orgPath('/pix-psp/webhook'), { token: owner.token });
    expect(again.body).toEqual(replaced.body);
    expect(row?.sealed).toBeDefined();
  });

  it('marks the cycle paid once when the customer pays, however often the PSP posts it', async () => {
    await registerWebhook();
    const customer = await enrolledCustomer();
    await issueCharges(jobs, new Date());
    const [charge] = (await chargesOf(customer.customerId)).charges;
    emulator.sandbox.webhooks({ repeatNext: 1 });
    const pix = await payAtPsp(charge?.txid ?? '');
    const payments = await paymentsOf(customer.customerId);
    expect(payments).toEqual([
      expect.objectContaining({
        amountCents: 24_900,
        method: 'PIX',
        endToEndId: pix.endToEndId,
        creditedCents: 0,
      }),
    ]);
    expect((await chargesOf(customer.customerId)).charges[0]?.status).toBe('PAID');
    expect(await cycleOf(customer.customerId)).toMatchObject({ state: 'PAID' });
    // A repeat arriving later, or through reconciliation, changes nothing.
    await reconcilePix(jobs, new Date());
    expect(await paymentsOf(customer.customerId)).toHaveLength(1);
  });

  it('a charge paid with its early-payment discount pays its whole cycle', async () => {
    await registerWebhook();
    const customer = await enrolledCustomer();
    await issueCharges(jobs, new Date());
    const [charge] = (await chargesOf(customer.customerId)).charges;
    await payAtPsp(charge?.txid ?? '', { comDesconto: true });
    const [payment] = await paymentsOf(customer.customerId);
    expect(payment?.amountCents).toBe(24_900 - 1_245);
    expect(await cycleOf(customer.customerId)).toMatchObject({ state: 'PAID' });
  });

  it('refuses a wrong secret, the secret under another organization, and a forged body, changing nothing', async () => {
    const other = await createOrganization(t, owner);
    const [row] = await t.db
      .select({ sealed: pixPspConnections.webhookSecretSealed })
      .from(pixPspConnections)
      .where(eq(pixPspConnections.organizationId, organizationId));
    const secret = t.secretBox
      ?.open(row?.sealed ?? '', sealContext('pix_psp_connections', 'webhook_secret_sealed', organizationId))
      .toString('utf8');
    const customer = await enrolledCustomer();
    await issueCharges(jobs, new Date());
    const [charge] = (await chargesOf(customer.customerId)).charges;
    const pix = {
      endToEndId: `E${'1'.repeat(31)}`,
      txid: charge?.txid,
      valor: '249.00',
      horario: new Date().toISOString(),
    };
    const post = (path: string, body: unknown) => t.request('POST', path, { body });
    expect((await post(`/pix-webhooks/${organizationId}/not-the-secret/pix`, { pix: [pix] })).status).toBe(
      404,
    );
    expect((await post(`/pix-webhooks/${other.id}/${secret}/pix`, { pix: [pix] })).status).toBe(404);
    const forged = await post(`/pix-webhooks/${organizationId}/${secret}/pix`, { pix: [{ valor: 'lots' }] });
    expect(forged.status).toBe(400);
    expect(await paymentsOf(customer.customerId)).toHaveLength(0);
    // The right secret, a Pix for another charge's txid of nobody's: recorded, paying nothing.
    const stranger = await post(`/pix-webhooks/${organizationId}/${secret}/pix`, {
      pix: [{ ...pix, txid: 'b'.repeat(35) }],
    });
    expect(stranger.body).toEqual({ paid: 0 });
  });
});

describe('reconciliation', () => {
  it('records a Pix whose webhook never came, once, after a restart of the job', async () => {
    await registerWebhook();
    const customer = await enrolledCustomer();
    await issueCharges(jobs, new Date());
    const [charge] = (await chargesOf(customer.customerId)).charges;
    emulator.sandbox.webhooks({ dropNext: 1 });
    await payAtPsp(charge?.txid ?? '');
    expect(await paymentsOf(customer.customerId)).toHaveLength(0);
    await Promise.all([reconcilePix(jobs, new Date()), reconcilePix(jobs, new Date())]);
    await reconcilePix(jobs, new Date());
    expect(await paymentsOf(customer.customerId)).toHaveLength(1);
    expect(await cycleOf(customer.customerId)).toMatchObject({ state: 'PAID' });
  });
});

describe('a cycle paid another way', () => {
  it('has its open charge removed at the PSP, so the customer cannot pay it twice', async () => {
    const customer = await enrolledCustomer();
    await issueCharges(jobs, new Date());
    const [charge] = (await chargesOf(customer.customerId)).charges;
    const cash = await t.request('POST', orgPath('/payments'), {
      token: owner.token,
      body: {
        customerId: customer.customerId,
        enrollmentId: customer.enrollmentId,
        amountCents: 24_900,
        currency: 'BRL',
        paidOn: today,
        method: 'CASH',
        status: 'COMPLETED',
      },
    });
    expect(cash.status, cash.text).toBe(201);
    await issueCharges(jobs, new Date());
    const [row] = await t.db
      .select({ status: pixCharges.status })
      .from(pixCharges)
      .where(and(eq(pixCharges.organizationId, organizationId), eq(pixCharges.txid, charge?.txid ?? '')));
    expect(row?.status).toBe('REMOVED');
    const client = createPixClient(emulatorConnection(emulator));
    expect((await client.getDueCharge(charge?.txid ?? ''))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    await client.close();
  });
});

describe('a charge whose cycle was partly paid another way', () => {
  it('is put again at the PSP for what is left, and the Pix that pays it pays the cycle with nothing over', async () => {
    await registerWebhook();
    const customer = await enrolledCustomer();
    await issueCharges(jobs, new Date());
    const [charge] = (await chargesOf(customer.customerId)).charges;
    const txid = charge?.txid ?? '';
    const cash = await t.request('POST', orgPath('/payments'), {
      token: owner.token,
      body: {
        customerId: customer.customerId,
        enrollmentId: customer.enrollmentId,
        amountCents: 10_000,
        currency: 'BRL',
        paidOn: today,
        method: 'CASH',
        status: 'COMPLETED',
      },
    });
    expect(cash.status, cash.text).toBe(201);
    await Promise.all([issueCharges(jobs, new Date()), issueCharges(jobs, new Date())]);
    expect((await chargesOf(customer.customerId)).charges).toEqual([
      expect.objectContaining({ txid, status: 'ACTIVE', amountCents: 14_900 }),
    ]);
    const client = createPixClient(emulatorConnection(emulator));
    expect((await client.getDueCharge(txid))?.valor.original).toBe('149.00');
    await client.close();

    await payAtPsp(txid);
    expect(await cycleOf(customer.customerId)).toMatchObject({ state: 'PAID' });
    const payments = await paymentsOf(customer.customerId);
    expect(payments.map((payment) => [payment.method, payment.amountCents, payment.creditedCents])).toEqual(
      expect.arrayContaining([
        ['PIX', 14_900, 0],
        ['CASH', 10_000, 0],
      ]),
    );
    expect(emulator.violations).toEqual([]);
  });
});

describe('refunds through the PSP', () => {
  it('gives the money back only when the PSP settles it, and never more than was paid', async () => {
    await registerWebhook();
    const customer = await enrolledCustomer();
    await issueCharges(jobs, new Date());
    const [charge] = (await chargesOf(customer.customerId)).charges;
    const pix = await payAtPsp(charge?.txid ?? '');
    const [payment] = await paymentsOf(customer.customerId);
    const manual = await t.request('POST', orgPath(`/payments/${payment?.id}/refund`), {
      token: owner.token,
    });
    expect(manual.body.error.code).toBe('PAYMENT_REFUND_THROUGH_PSP');
    const asked = await t.request('POST', orgPath(`/payments/${payment?.id}/pix-refunds`), {
      token: owner.token,
      body: { amountCents: 10_000 },
    });
    expect(asked.status, asked.text).toBe(202);
    const tooMuch = await t.request('POST', orgPath(`/payments/${payment?.id}/pix-refunds`), {
      token: owner.token,
      body: { amountCents: 20_000 },
    });
    expect(tooMuch.body.error.code).toBe('PAYMENT_REFUND_TOO_LARGE');
    expect((await paymentsOf(customer.customerId))[0]?.refundedCents).toBe(0);
    emulator.sandbox.settleRefund(pix.endToEndId, asked.body.refundId);
    await emulator.sandbox.webhooksIdle();
    await reconcilePix(jobs, new Date());
    expect((await paymentsOf(customer.customerId))[0]).toMatchObject({
      refundedCents: 10_000,
      status: 'COMPLETED',
    });
    expect(await cycleOf(customer.customerId)).toMatchObject({ paidCents: 14_900 });
  });

  it('settles a refund whose notice came while the request that asked for it was still open', async () => {
    await registerWebhook();
    const customer = await enrolledCustomer();
    await issueCharges(jobs, new Date());
    const [charge] = (await chargesOf(customer.customerId)).charges;
    await payAtPsp(charge?.txid ?? '');
    const [payment] = await paymentsOf(customer.customerId);
    // A PSP that settles at once: its notice reaches us before the request's transaction has committed, finds
    // no refund of ours and is answered as such — dropped here, to the same effect.
    emulator.sandbox.settleRefundsAfter(0);
    emulator.sandbox.webhooks({ dropNext: 1 });
    try {
      const asked = await t.request('POST', orgPath(`/payments/${payment?.id}/pix-refunds`), {
        token: owner.token,
        body: { amountCents: 10_000 },
      });
      expect(asked.status, asked.text).toBe(202);
      // No job runs: the request itself asks the PSP again once it has committed.
      await vi.waitFor(
        async () => expect((await paymentsOf(customer.customerId))[0]?.refundedCents).toBe(10_000),
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      emulator.sandbox.settleRefundsAfter(null);
    }
    await emulator.sandbox.webhooksIdle();
    expect(emulator.sandbox.deliveries().at(-1)?.outcome).toBe('dropped');
    expect(await cycleOf(customer.customerId)).toMatchObject({ paidCents: 14_900 });
  });

  it('asks the PSP for the Pix back when the customer withdraws from the contract within 7 days (decision 043)', async () => {
    await registerWebhook();
    const cpf = cpfNumber(9_001);
    const customer = await enrolledCustomer({ cpf });
    await issueCharges(jobs, new Date());
    const [charge] = (await chargesOf(customer.customerId)).charges;
    const pix = await payAtPsp(charge?.txid ?? '');
    const version = await t.request('POST', orgPath('/contract-versions'), {
      token: owner.token,
      body: { text: 'Termos do plano mensal.' },
    });
    expect(version.status, version.text).toBe(201);
    const link = await t.request('POST', orgPath(`/customers/${customer.customerId}/class-link`), {
      token: owner.token,
    });
    const portal = portalClient(t);
    expect((await portal.open(tokenOf(link.body.url as string))).status).toBe(200);
    const signed = await portal.request('POST', '/contract/signatures', {
      versionId: version.body.id,
      accepted: true,
      fullName: 'Pix Cliente',
      cpf,
    });
    expect(signed.status, signed.text).toBe(201);
    const withdrawn = await portal.request(
      'POST',
      `/contract/signatures/${signed.body.signature.id}/withdrawal`,
    );
    expect(withdrawn.status, withdrawn.text).toBe(200);
    // Asked of the PSP, not given back yet: the job sends the request, the PSP settles it.
    const [payment] = await paymentsOf(customer.customerId);
    expect(payment).toMatchObject({ status: 'COMPLETED', refundedCents: 0 });
    await reconcilePix(jobs, new Date());
    const [refund] = await t.db
      .select()
      .from(pixRefunds)
      .where(eq(pixRefunds.paymentId, payment?.id ?? ''));
    expect(refund).toMatchObject({ amountCents: 24_900, requestedBy: null });
    emulator.sandbox.settleRefund(pix.endToEndId, refund?.refundId ?? '');
    await emulator.sandbox.webhooksIdle();
    await reconcilePix(jobs, new Date());
    expect((await paymentsOf(customer.customerId))[0]).toMatchObject({
      status: 'REFUNDED',
      refundedCents: 24_900,
    });
  });
});

describe('the demo’s local PSP (PIX_PSP=sandbox)', () => {
  it('connects the sandbox in one step and lets staff pay an open charge as the customer would', async () => {
    const sandboxApp = await createTestApp(
      { PIX_WEBHOOK_URL: 'http://127.0.0.1:9' },
      {
        pixPsp: apiPixGateway({ trustedCa: emulator.ca.cert }),
        // The demo's sandbox over this file's emulator; closing the app must not close the emulator.
        pixSandbox: {
          ...pixSandboxOf(emulator, {
            ...emulator.client,
            scopes: ['cobv.write', 'cobv.read', 'pix.read', 'pix.write', 'webhook.write', 'webhook.read'],
            pem: `${emulator.client.certificate.cert}\n${emulator.client.certificate.key}`,
          }),
          close: async () => {},
        },
      },
    );
    try {
      const demoOwner = await createUser(sandboxApp);
      const demoOrg = (await createOrganization(sandboxApp, demoOwner)).id;
      const path = (suffix: string) => `/organizations/${demoOrg}${suffix}`;
      const available = await sandboxApp.request('GET', path('/pix-psp/sandbox'), { token: demoOwner.token });
      expect(available.body).toEqual({ isAvailable: true });
      const connected = await sandboxApp.request('POST', path('/pix-psp/sandbox/connect'), {
        token: demoOwner.token,
      });
      expect(connected.status, connected.text).toBe(200);
      expect(connected.body.connection.clientSecret).toEqual({ isSet: true });
      // Off in the main test app: no sandbox, whatever the caller.
      const off = await t.request('POST', orgPath('/pix-psp/sandbox/connect'), { token: owner.token });
      expect(off.body.error.code).toBe('PIX_SANDBOX_OFF');
      // A charge of the main app's, paid through the sandbox route of another organization: not found.
      const customer = await enrolledCustomer();
      await issueCharges(jobs, new Date());
      const [charge] = (await chargesOf(customer.customerId)).charges;
      const foreign = await sandboxApp.request(
        'POST',
        path(`/customers/${customer.customerId}/pix-charges/${charge?.txid}/simulate-payment`),
        { token: demoOwner.token },
      );
      expect(foreign.status).toBe(404);
      // The demo studio's own charge: "Simulate the customer paying" pays it at the local PSP.
      const demo = await createStudio(sandboxApp, {
        plan: { priceCents: 19_900, weeklySessionsLimit: null },
        schedule: {
          startDate: addDays(today, -7),
          endDate: addDays(today, 200),
          daysOfWeek: [1, 2, 3, 4, 5, 6, 0],
        },
      });
      const demoPath = (suffix: string) => `/organizations/${demo.organizationId}${suffix}`;
      const connectedDemo = await sandboxApp.request('POST', demoPath('/pix-psp/sandbox/connect'), {
        token: demo.owner.token,
      });
      expect(connectedDemo.status, connectedDemo.text).toBe(200);
      customerNumber += 1;
      const payer = await enrollNewCustomer(
        sandboxApp,
        demo,
        { startDate: addDays(today, 2) },
        { idType: 'CPF', idNumber: cpfNumber(customerNumber) },
      );
      const issued = await sandboxApp.request('POST', demoPath('/pix-psp/charges/issue'), {
        token: demo.owner.token,
      });
      expect(issued.body).toEqual({ issued: 1 });
      const listed = await sandboxApp.request('GET', demoPath(`/customers/${payer.customerId}/pix-charges`), {
        token: demo.owner.token,
      });
      expect(listed.body.isSandbox).toBe(true);
      const txid = listed.body.charges[0].txid as string;
      const paid = await sandboxApp.request(
        'POST',
        demoPath(`/customers/${payer.customerId}/pix-charges/${txid}/simulate-payment`),
        { token: demo.owner.token },
      );
      expect(paid.status, paid.text).toBe(202);
      const client = createPixClient(emulatorConnection(emulator));
      expect((await client.getDueCharge(txid))?.status).toBe('CONCLUIDA');
      await client.close();
      const again = await sandboxApp.request(
        'POST',
        demoPath(`/customers/${payer.customerId}/pix-charges/${txid}/simulate-payment`),
        { token: demo.owner.token },
      );
      // Paid already at the PSP (its notice unreachable here): a second click is refused, not a 500.
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('PIX_CHARGE_NOT_OPEN');
    } finally {
      await sandboxApp.close();
    }
  });
});

describe('a pack sold (decision 029)', () => {
  it('gets one charge for its price, and the Pix that pays it pays the pack once', async () => {
    await registerWebhook();
    const packPlan = await createPlan(t, owner, organizationId, {
      name: 'Pacote 10',
      kind: 'PACK',
      classCount: 10,
      validityDays: 60,
      priceCents: 120_000,
      weeklySessionsLimit: null,
    });
    customerNumber += 1;
    const customer = await createCustomer(t, owner, organizationId, {
      firstName: 'Pacote',
      lastName: `N${customerNumber}`,
      idType: 'CPF',
      idNumber: cpfNumber(customerNumber),
    });
    const sold = await t.request('POST', orgPath('/purchases'), {
      token: owner.token,
      body: { customerId: customer.id, planId: packPlan.id },
    });
    expect(sold.status, sold.text).toBe(201);
    await Promise.all([issueCharges(jobs, new Date()), issueCharges(jobs, new Date())]);
    const { charges } = await chargesOf(customer.id);
    expect(charges).toEqual([
      expect.objectContaining({
        purchaseId: sold.body.id,
        enrollmentId: null,
        amountCents: 120_000,
        status: 'ACTIVE',
      }),
    ]);
    emulator.sandbox.webhooks({ repeatNext: 1 });
    await payAtPsp(charges[0]?.txid ?? '');
    const purchase = await t.request('GET', orgPath(`/purchases/${sold.body.id}`), { token: owner.token });
    expect(purchase.body).toMatchObject({ paidCents: 120_000, paymentState: 'PAID' });
    expect(await paymentsOf(customer.id)).toHaveLength(1);
    expect((await chargesOf(customer.id)).charges[0]?.status).toBe('PAID');
    // The customer's record of their data holds the pack and the charge (their CPF went to the PSP with it).
    const exported = await t.request('GET', orgPath(`/customers/${customer.id}/data-export`), {
      token: owner.token,
    });
    expect(exported.body.purchases).toEqual([
      expect.objectContaining({ id: sold.body.id, classesLeft: 10, paymentState: 'PAID' }),
    ]);
    expect(exported.body.pixCharges).toEqual([
      expect.objectContaining({ txid: charges[0]?.txid, purchaseId: sold.body.id, status: 'PAID' }),
    ]);
  });
});
