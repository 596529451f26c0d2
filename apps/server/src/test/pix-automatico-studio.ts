import { serve } from '@hono/node-server';
import { addDays } from '@reformer/domain/calendar-dates';
import { todayIn } from '@reformer/domain/time-zones';
import { type PixEmulator, startPixEmulator } from '@reformer/pix-emulator/emulator';
import { expect } from 'vitest';
import { apiPixGateway } from '../modules/pix-psp/pix-gateway.ts';
import { cpfFor } from './factories.ts';
import { freePort } from './free-port.ts';
import { createStudio, enrollNewCustomer } from './studio.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** The receiving company of the local standard PSP, as the settings' receiver block saves it. */
export const receiverOf = (emulator: PixEmulator) => ({
  cnpj: emulator.receiver.cnpj,
  branch: emulator.account.agencia,
  account: emulator.account.conta,
  accountType: emulator.account.tipoConta,
});

/** The PSP settings' body for the local standard PSP, with the given receiver (null: none). */
export function connectionBody(emulator: PixEmulator, receiver: object | null, chargeDaysAhead = 5) {
  const { cert, key } = emulator.client.certificate;
  return {
    preset: 'CUSTOM',
    environment: 'SANDBOX',
    baseUrl: emulator.baseUrl,
    tokenUrl: emulator.tokenUrl,
    scopes: emulator.client.scopes.join(' '),
    clientId: emulator.client.clientId,
    clientSecret: emulator.client.clientSecret,
    certificate: { format: 'PEM', pem: `${cert}\n${key}` },
    pixKey: emulator.receiver.chave,
    chargeDaysAhead,
    finePercent: 2,
    interestPercentMonthly: 1,
    discount: null,
    receiver,
  };
}

/** Saves the local PSP as the organization's connection, with the emulator's CNPJ receiver or none. */
export async function connectPsp(
  t: TestApp,
  emulator: PixEmulator,
  organizationId: string,
  token: string,
  hasReceiver: boolean,
  chargeDaysAhead?: number,
) {
  const saved = await t.request('PUT', `/organizations/${organizationId}/pix-psp`, {
    token,
    body: connectionBody(emulator, hasReceiver ? receiverOf(emulator) : null, chargeDaysAhead),
  });
  expect(saved.status, saved.text).toBe(200);
}

/**
 * After each test: the PSP's callback misbehaviour switched off, the callbacks it held delivered and answered,
 * and nothing it saw outside the YAML.
 */
export async function settlePsp(emulator: PixEmulator) {
  emulator.sandbox.webhooks({ hold: false, dropNext: 0, repeatNext: 0 });
  emulator.sandbox.releaseWebhooks();
  await emulator.sandbox.webhooksIdle();
  expect(emulator.violations).toEqual([]);
}

/**
 * A studio whose PSP is the local standard PSP (decision 048) over mutual TLS with a CNPJ receiver, its Pix
 * webhook ours, and the app listening on a real port for the PSP's callbacks: what the Pix Automático tests need
 * to bring recurrences and their charges to every state through the PSP itself, never by writing our rows.
 */
export async function startPixAutomaticoStudio(options: { chargeDaysAhead?: number } = {}) {
  const emulator = await startPixEmulator({ refundSettleMs: null });
  const gateway = apiPixGateway({ trustedCa: emulator.ca.cert });
  const port = await freePort();
  const t = await createTestApp({ PIX_WEBHOOK_URL: `http://127.0.0.1:${port}` }, { pixPsp: gateway });
  const server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' });
  const today = todayIn('America/Sao_Paulo');
  const studio = await createStudio<'accountant' | 'instructor'>(t, {
    plan: { name: 'Mensal Reformer', priceCents: 24_900, weeklySessionsLimit: null },
    schedule: {
      startDate: addDays(today, -40),
      endDate: addDays(today, 400),
      capacity: 50,
      daysOfWeek: [1, 2, 3, 4, 5, 6, 0],
    },
    members: { accountant: 'ORG_ACCOUNTANT', instructor: 'ORG_MEDICAL_PROFESSIONAL' },
  });
  const { owner, organizationId } = studio;
  await connectPsp(t, emulator, organizationId, owner.token, true, options.chargeDaysAhead);
  const webhook = await t.request('PUT', `/organizations/${organizationId}/pix-psp/webhook`, {
    token: owner.token,
    body: {},
  });
  expect(webhook.status, webhook.text).toBe(200);

  let customerNumber = 0;
  /** A customer with a CPF (and any other fields given) enrolled from today. */
  const enrolled = async (firstName = 'Rec', fields: Record<string, unknown> = {}) => {
    customerNumber += 1;
    const cpf = cpfFor(customerNumber, 300_000_000);
    return enrollNewCustomer(
      t,
      studio,
      { startDate: today },
      { firstName, lastName: `Lima${customerNumber}`, idType: 'CPF', idNumber: cpf, ...fields },
    );
  };
  const start = async (enrollmentId: string, org = organizationId) => {
    const started = await t.request(
      'POST',
      `/organizations/${org}/enrollments/${enrollmentId}/pix-automatico`,
      {
        token: owner.token,
        body: { amountKind: 'FIXED' },
        headers: { 'idempotency-key': `pix-automatico-${enrollmentId}-${Date.now()}` },
      },
    );
    expect(started.status, started.text).toBe(201);
    return started.body as { idRec: string; pixCopiaECola: string };
  };
  const close = async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
    await emulator.close();
  };
  return { emulator, gateway, t, studio, owner, organizationId, today, enrolled, start, close };
}
