import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays } from '@reformer/domain/calendar-dates';
import { todayIn } from '@reformer/domain/time-zones';
import type { PixEmulator } from '@reformer/pix-emulator/emulator';
import { expect } from 'vitest';
import { PIX_AUTOMATICO_SCOPES } from '../../integrations/pix/api-pix-automatico-types.ts';
import { reconcileRecurrences } from '../../modules/pix-automatico/reconcile-recurrences.ts';
import { issueRecurringCharges } from '../../modules/pix-automatico/recurring-charges-job.ts';
import { issueCharges, type PixJobDeps } from '../../modules/pix-charges/pix-charges-job.ts';
import { pixSandboxOf } from '../../modules/pix-psp/pix-sandbox.ts';
import { portalClient, tokenOf } from '../../modules/portal/portal-client.ts';
import { seedWhatsApp } from '../../modules/whatsapp/whatsapp-seed.ts';
import { seedTenant } from '../../proof/seed.ts';
import { createStudio, enrollNewCustomer } from '../../test/studio.ts';
import type { TestApp } from '../../test/test-app.ts';
import { generateBackupKeyPair, publicKeyPem } from '../backup-keys.ts';
import { startBackup } from '../backup-runs.ts';

/**
 * A studio with a row in every application table, made through the API (the restore drill, decision 036):
 * the tenant-isolation proof's organization (an object of every kind), and a second studio whose PIX
 * connection to the local PSP issued a charge, received its Pix and asked a refund.
 */
export async function seedEveryTable(t: TestApp, pix: { emulator: PixEmulator; jobs: PixJobDeps }) {
  const tenant = await seedTenant(t, 'Drill', { withMembers: false, withSchedules: true });
  const studio = await seedPixStudio(t, pix);
  await seedSettings(t, studio.owner.token, `/organizations/${studio.organizationId}`);
  await seedStudioPage(t, studio.owner.token, studio.organizationId);
  const { ids, owner } = tenant;
  await seedDashboardFigures(t, owner.token, ids.organization);
  // The pack the proof's seed sold pays for a place in its class.
  const spent = await t.request(
    'POST',
    `/organizations/${ids.organization}/sessions/${ids.session}/customers`,
    {
      token: owner.token,
      body: { customerIds: [ids.customer], reason: 'OTHER', usePurchase: true },
    },
  );
  expect(spent.status, spent.text).toBe(201);
  const reset = await t.request('POST', '/auth/request-password-reset', { body: { email: owner.email } });
  expect(reset.status, reset.text).toBe(200);
  return { tenant, studio };
}

/**
 * The dashboard's kept figures (decision 018): a read whose 30 days reach the seeded sessions (30 to 58 days
 * ahead) computes them; the write after it (the pack's place) leaves a mark for the next read.
 */
async function seedDashboardFigures(t: TestApp, token: string, organizationId: string) {
  t.setNow(new Date(Date.now() + 45 * 86_400_000));
  const response = await t.request('GET', `/organizations/${organizationId}/dashboard`, { token });
  t.setNow(new Date());
  expect(response.status, response.text).toBe(200);
}

/** Each organization setting kept in a table of its own, changed from its default; and an idempotent create. */
async function seedSettings(t: TestApp, token: string, orgPath: string) {
  const changes = [
    [
      `${orgPath}/events/config/birthdays`,
      {
        enabled: true,
        timing: 'ON_DAY',
        days: 0,
        sendTime: '08:00',
        channels: ['EMAIL'],
        template: 'Feliz aniversário, {customerName}!',
      },
    ],
    [
      `${orgPath}/make-up-credit-settings`,
      {
        noticeHours: 12,
        monthlyLimit: 3,
        validity: 'END_OF_NEXT_MONTH',
        validityDays: 30,
        allowMakeUpOfMakeUp: false,
      },
    ],
    [`${orgPath}/waitlist-settings`, { holdMinutes: 60, messageLanguage: 'pt_BR' }],
    [
      `${orgPath}/events/config/class-notices`,
      {
        reminderHours: 12,
        reminderChannels: ['WHATSAPP'],
        changeNoticeEnabled: true,
        changeChannels: ['EMAIL'],
      },
    ],
  ] as const;
  for (const [path, body] of changes) {
    const saved = await t.request('PUT', path, { token, body });
    expect(saved.status, saved.text).toBe(200);
  }
  const created = await t.request('POST', `${orgPath}/customers`, {
    token,
    body: { firstName: 'Idempotent', lastName: 'Create' },
    headers: { 'idempotency-key': 'drill-seed-customer' },
  });
  expect(created.status, created.text).toBe(201);
}

/** The studio's page with its logo (studio_pages), and a trial class booked from it (trial_bookings). */
async function seedStudioPage(t: TestApp, token: string, organizationId: string) {
  const orgPath = `/organizations/${organizationId}`;
  const slug = `drill-${organizationId.slice(-8)}`;
  const page = { slug, displayName: 'Drill Pilates', accentColor: '#1d4ed8' };
  const saved = await t.request('PUT', `${orgPath}/studio-page`, { token, body: page });
  expect(saved.status, saved.text).toBe(200);
  const form = new FormData();
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  form.append('logo', new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' }));
  const logo = await t.app.request(`/api${orgPath}/studio-page/logo`, {
    method: 'PUT',
    body: form,
    headers: { authorization: `Bearer ${token}`, origin: 'http://localhost:3000' },
  });
  expect(logo.status).toBe(200);
  const publicPage = await t.request('GET', `/public/studios/${slug}`);
  const sessionId = publicPage.body.sessions.find(
    (session: { freeSeats: number }) => session.freeSeats > 0,
  )?.id;
  const booked = await t.request('POST', `/public/studios/${slug}/trial-bookings`, {
    body: {
      sessionId,
      fullName: 'Drill Trial',
      email: 'drill.trial@example.com',
      phone: '(11) 98888-7777',
      consent: true,
    },
  });
  expect(booked.status, booked.text).toBe(202);
}

const PSP_SCOPES = [
  ...['cobv.write', 'cobv.read', 'pix.read', 'pix.write', 'webhook.write', 'webhook.read'],
  ...PIX_AUTOMATICO_SCOPES,
];

async function seedPixStudio(t: TestApp, { emulator, jobs }: { emulator: PixEmulator; jobs: PixJobDeps }) {
  const today = todayIn('America/Sao_Paulo');
  const studio = await createStudio(t, {
    plan: { priceCents: 24_900, weeklySessionsLimit: null },
    schedule: {
      // From before the enrollment whose Pix Automático has its next cycle charged (25 days ago).
      startDate: addDays(today, -30),
      endDate: addDays(today, 60),
      capacity: 50,
      daysOfWeek: [1, 2, 3, 4, 5, 6, 0],
    },
  });
  const orgPath = `/organizations/${studio.organizationId}`;
  const token = studio.owner.token;
  const { cert, key } = emulator.client.certificate;
  // The connection the demo's sandbox offers, built by the server's own function for it.
  const { connection } = pixSandboxOf(emulator, {
    ...emulator.client,
    scopes: PSP_SCOPES,
    pem: `${cert}\n${key}`,
  });
  const connected = await t.request('PUT', `${orgPath}/pix-psp`, { token, body: connection });
  expect(connected.status, connected.text).toBe(200);
  const webhook = await t.request('PUT', `${orgPath}/pix-psp/webhook`, { token, body: {} });
  expect(webhook.status, webhook.text).toBe(200);
  const { customerId } = await enrollNewCustomer(
    t,
    studio,
    { startDate: addDays(today, 3) },
    { firstName: 'Pix', idType: 'CPF', idNumber: '52998224725' },
  );
  await issueCharges(jobs, new Date());
  const charges = await t.request('GET', `${orgPath}/customers/${customerId}/pix-charges`, { token });
  const txid = charges.body.charges[0]?.txid as string;
  emulator.sandbox.pay(txid, {});
  await emulator.sandbox.webhooksIdle();
  const payments = await t.request('GET', `${orgPath}/payments?customerId=${customerId}`, { token });
  const paymentId = payments.body.items[0]?.id as string;
  const refund = await t.request('POST', `${orgPath}/payments/${paymentId}/pix-refunds`, {
    token,
    body: { amountCents: 10_000 },
  });
  expect(refund.status, refund.text).toBe(202);
  await seedContract(t, token, orgPath, customerId);
  await seedWhatsApp(t, token, studio.organizationId, customerId);
  // Pix Automático started for another enrollment (decision 048): its QR waits for the payer.
  const recurring = await enrollNewCustomer(
    t,
    studio,
    { startDate: today },
    { firstName: 'Recorrente', idType: 'CPF', idNumber: '11144477735' },
  );
  const recurrence = await t.request(
    'POST',
    `${orgPath}/enrollments/${recurring.enrollmentId}/pix-automatico`,
    {
      token,
      body: { amountKind: 'FIXED' },
    },
  );
  expect(recurrence.status, recurrence.text).toBe(201);
  await seedRecurringCharge(t, studio, { emulator, jobs });
  // A backup the server made (backup_runs), with a key and a folder of its own.
  const backups = mkdtempSync(join(tmpdir(), 'reformer-drill-runs-'));
  const publicKey = publicKeyPem(generateBackupKeyPair().publicKey);
  const started = await startBackup(
    t.db,
    { ...t.env, DATA_DIR: backups, BACKUP_DIR: backups, BACKUP_PUBLIC_KEY: publicKey },
    'manual',
  );
  if (started.outcome !== 'started') throw new Error(`no backup was started: ${started.outcome}`);
  expect((await started.finished).status).toBe('ok');
  rmSync(backups, { recursive: true, force: true });
  return studio;
}

/** A contract version, its signature by the Pix customer in the portal, and a consent with its history. */
async function seedContract(t: TestApp, token: string, orgPath: string, customerId: string) {
  const version = await t.request('POST', `${orgPath}/contract-versions`, {
    token,
    body: { text: 'Contrato de prestação de serviços de Pilates.' },
  });
  expect(version.status, version.text).toBe(201);
  const link = await t.request('POST', `${orgPath}/customers/${customerId}/class-link`, { token });
  expect(link.status, link.text).toBe(201);
  const customer = portalClient(t);
  expect((await customer.open(tokenOf(link.body.url as string))).status).toBe(200);
  const signed = await customer.request('POST', '/contract/signatures', {
    versionId: version.body.id,
    accepted: true,
    fullName: 'Pix Cliente',
    cpf: '529.982.247-25',
  });
  expect(signed.status, signed.text).toBe(201);
  const consent = await customer.request('PUT', '/consents/MARKETING_MESSAGES', { isGiven: true });
  expect(consent.status, consent.text).toBe(200);
}

/**
 * A recurrence the payer approved (taken by reconciliation: this studio's PSP posts no webhooks) whose next
 * cycle, 3 to 6 days away, the job charges (pix_recurring_charges, decision 048's third part).
 */
async function seedRecurringCharge(
  t: TestApp,
  studio: Parameters<typeof enrollNewCustomer>[1],
  pix: { emulator: PixEmulator; jobs: PixJobDeps },
) {
  const today = todayIn('America/Sao_Paulo');
  const debited = await enrollNewCustomer(
    t,
    studio,
    { startDate: addDays(today, -25), endDate: addDays(today, 60) },
    { firstName: 'Debitado', idType: 'CPF', idNumber: '39053344705' },
  );
  const started = await t.request(
    'POST',
    `/organizations/${studio.organizationId}/enrollments/${debited.enrollmentId}/pix-automatico`,
    { token: studio.owner.token, body: { amountKind: 'FIXED' } },
  );
  expect(started.status, started.text).toBe(201);
  pix.emulator.sandbox.approveRecurrence(started.body.idRec);
  await reconcileRecurrences(pix.jobs, new Date());
  await issueRecurringCharges(pix.jobs, new Date());
  expect(pix.emulator.sandbox.counts().recurringCharges).toBe(1);
}
