import { addDays } from '@reformer/domain/calendar-dates';
import type { PixEmulator } from '@reformer/pix-emulator/emulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { payments, pixCharges, pixRecurrences, pixRecurringCharges } from '../../db/schema/index.ts';
import { createPixClient } from '../../integrations/pix/pix-client.ts';
import { emulatorConnection } from '../../integrations/pix/pix-test-helpers.ts';
import { cpfFor, createPlan, type TestUser } from '../../test/factories.ts';
import { settlePsp, startPixAutomaticoStudio } from '../../test/pix-automatico-studio.ts';
import { enrollNewCustomer } from '../../test/studio.ts';
import type { TestApp } from '../../test/test-app.ts';
import { issueCharges, type PixJobDeps } from '../pix-charges/pix-charges-job.ts';
import { type PortalClient, portalClient, tokenOf } from '../portal/portal-client.ts';
import { reconcileRecurrences } from './reconcile-recurrences.ts';
import { issueRecurringCharges } from './recurring-charges-job.ts';

// Decision 048, third part, against the local standard PSP over mutual TLS with the app listening for its
// webhooks: each later cycle of an approved recurrence charged by the job once, its outcome (paid, failed,
// retried, fallen back) applied once however the notices come, decision 030's charges kept off the cycles a
// live recurrence covers, reconciliation, and the contract's withdrawal ending the recurrence.

let world: Awaited<ReturnType<typeof startPixAutomaticoStudio>>;
let emulator: PixEmulator;
let t: TestApp;
let owner: TestUser;
let organizationId: string;
let today: string;
let jobs: PixJobDeps;

beforeAll(async () => {
  // Decision 030's "days ahead" reaches every cycle the recurrences' window does, so skipping them is tested.
  world = await startPixAutomaticoStudio({ chargeDaysAhead: 10 });
  ({ emulator, t, today } = world);
  ({ owner, organizationId } = world.studio);
  jobs = { db: t.db, secretBox: t.secretBox, gateway: world.gateway };
}, 120_000);
afterEach(() => settlePsp(emulator));
afterAll(() => world.close());

const path = (enrollmentId: string, suffix = '') =>
  `/organizations/${organizationId}/enrollments/${enrollmentId}/pix-automatico${suffix}`;

let customerNumber = 0;
/**
 * A customer enrolled 25 days ago (so the QR pays that first cycle and the next one is due in 3 to 6 days,
 * inside the charge window), with Pix Automático started and approved by the payer — whose approval puts that
 * next cycle's charge at once. `beforeApproval` runs just before the payer approves.
 */
async function approvedEnrollment(
  body: object = { amountKind: 'FIXED' },
  planId?: string,
  startInDays = -25,
  beforeApproval?: () => void,
) {
  customerNumber += 1;
  const { enrollmentId, customerId } = await enrollNewCustomer(
    t,
    world.studio,
    { startDate: addDays(today, startInDays), endDate: addDays(today, 300), ...(planId ? { planId } : {}) },
    { firstName: 'Débito', idType: 'CPF', idNumber: cpfFor(customerNumber, 300_000_000) },
  );
  const started = await t.request('POST', path(enrollmentId), {
    token: owner.token,
    body,
    headers: { 'idempotency-key': `pix-automatico-charges-${customerNumber}-${Date.now()}` },
  });
  expect(started.status, started.text).toBe(201);
  beforeApproval?.();
  emulator.sandbox.approveRecurrence(started.body.idRec);
  await emulator.sandbox.webhooksIdle();
  const [recurrence] = await t.db.select().from(pixRecurrences).where(eq(pixRecurrences.id, started.body.id));
  expect(recurrence?.state).toBe('APPROVED');
  return { enrollmentId, customerId, recurrence: recurrence as typeof pixRecurrences.$inferSelect };
}

async function chargesOf(enrollmentId: string) {
  return t.db
    .select()
    .from(pixRecurringCharges)
    .where(
      and(
        eq(pixRecurringCharges.organizationId, organizationId),
        eq(pixRecurringCharges.enrollmentId, enrollmentId),
      ),
    );
}

async function onlyChargeOf(enrollmentId: string) {
  const rows = await chargesOf(enrollmentId);
  expect(rows).toHaveLength(1);
  return rows[0] as typeof pixRecurringCharges.$inferSelect;
}

async function paymentsOf(enrollmentId: string, cycleStart: string) {
  return t.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.organizationId, organizationId),
        eq(payments.enrollmentId, enrollmentId),
        eq(payments.cycleStart, cycleStart),
        eq(payments.status, 'COMPLETED'),
      ),
    );
}

async function dynamicChargesOf(enrollmentId: string, cycleStart: string) {
  return t.db
    .select()
    .from(pixCharges)
    .where(
      and(
        eq(pixCharges.organizationId, organizationId),
        eq(pixCharges.enrollmentId, enrollmentId),
        eq(pixCharges.cycleStart, cycleStart),
      ),
    );
}

/** Waits until the payer's bank has scheduled the charge's latest debit (the SPI answers a moment later). */
async function debitScheduled(txid: string, attempts: number) {
  const client = createPixClient(emulatorConnection(emulator));
  try {
    await vi.waitFor(
      async () => {
        const charge = await client.getRecurringCharge(txid);
        expect(charge?.tentativas).toHaveLength(attempts);
        expect(charge?.tentativas?.at(-1)?.status).toBe('AGENDADA');
      },
      { timeout: 10_000, interval: 50 },
    );
  } finally {
    await client.close();
  }
  await emulator.sandbox.webhooksIdle();
}

async function readCycles(enrollmentId: string) {
  const read = await t.request('GET', path(enrollmentId), { token: world.studio.members.accountant.token });
  expect(read.status, read.text).toBe(200);
  return read.body.recurrence;
}

describe('the job puts each cycle’s recurring charge', () => {
  it('at the approval, not again by two runs at once, for the cycle due in the 10-to-2-day window only', async () => {
    const before = emulator.sandbox.counts().recurringCharges;
    const due = await approvedEnrollment();
    expect(emulator.sandbox.counts().recurringCharges - before).toBe(1);
    customerNumber += 0;
    // Enrolled 15 days ago: its next cycle is 13 to 16 days away, not yet in the window.
    const { enrollmentId: later } = await enrollNewCustomer(
      t,
      world.studio,
      { startDate: addDays(today, -15), endDate: addDays(today, 300) },
      { firstName: 'Depois', idType: 'CPF', idNumber: cpfFor(9_000, 300_000_000) },
    );
    const laterStart = await t.request('POST', path(later), {
      token: owner.token,
      body: { amountKind: 'FIXED' },
      headers: { 'idempotency-key': `pix-automatico-charges-later-${Date.now()}` },
    });
    expect(laterStart.status, laterStart.text).toBe(201);
    emulator.sandbox.approveRecurrence(laterStart.body.idRec);
    await emulator.sandbox.webhooksIdle();

    await Promise.all([issueRecurringCharges(jobs, new Date()), issueRecurringCharges(jobs, new Date())]);
    await issueRecurringCharges(jobs, new Date());
    expect(emulator.sandbox.counts().recurringCharges - before).toBe(1);

    const charge = await onlyChargeOf(due.enrollmentId);
    expect(charge.cycleStart).toBe(due.recurrence.startDate);
    expect(charge).toMatchObject({ dueDate: charge.cycleStart, amountCents: 24_900, state: 'ACTIVE' });
    const client = createPixClient(emulatorConnection(emulator));
    try {
      expect(await client.getRecurringCharge(charge.txid)).toMatchObject({
        idRec: due.recurrence.idRec,
        valor: { original: '249.00' },
        calendario: { dataDeVencimento: charge.cycleStart },
      });
    } finally {
      await client.close();
    }
    expect(await chargesOf(later)).toEqual([]);
    await debitScheduled(charge.txid, 1);
    const cycles = await readCycles(due.enrollmentId);
    expect(cycles.charges).toEqual([
      expect.objectContaining({
        cycleStart: charge.cycleStart,
        state: 'ACTIVE',
        attempts: 1,
        fallbackReason: null,
      }),
    ]);
    expect(cycles.needsNewAuthorization).toBe(false);
  });
});

describe('the job after a failure', () => {
  it('leaves the row PENDING when the PSP is down at the approval, and two runs at once then put that same charge once', async () => {
    const before = emulator.sandbox.counts().recurringCharges;
    const down = () => emulator.sandbox.failNext(1, 503);
    const { enrollmentId } = await approvedEnrollment({ amountKind: 'FIXED' }, undefined, -25, down);
    const pending = await onlyChargeOf(enrollmentId);
    expect(pending.state).toBe('PENDING');
    expect(emulator.sandbox.counts().recurringCharges).toBe(before);
    await Promise.all([issueRecurringCharges(jobs, new Date()), issueRecurringCharges(jobs, new Date())]);
    expect(await onlyChargeOf(enrollmentId)).toMatchObject({ txid: pending.txid, state: 'ACTIVE' });
    expect(emulator.sandbox.counts().recurringCharges).toBe(before + 1);
    await debitScheduled(pending.txid, 1);
  });
});

describe('the outcome of a debit', () => {
  it('a paid debit pays its cycle once, its notices repeated and arriving in reverse', async () => {
    // The PSP down at the approval, so the job's put (below) comes while every notice is held.
    const down = () => emulator.sandbox.failNext(1, 503);
    const { enrollmentId } = await approvedEnrollment({ amountKind: 'FIXED' }, undefined, -25, down);
    emulator.sandbox.webhooks({ hold: true, repeatNext: 10 });
    await issueRecurringCharges(jobs, new Date());
    const charge = await onlyChargeOf(enrollmentId);
    await vi.waitFor(() => expect(emulator.sandbox.deliveries().at(-1)?.outcome).toBe('held'));
    emulator.sandbox.settleRecurringCharge(charge.txid);
    expect(emulator.sandbox.releaseWebhooks('reverse')).toBeGreaterThanOrEqual(4);
    await emulator.sandbox.webhooksIdle();

    const after = await onlyChargeOf(enrollmentId);
    expect(after).toMatchObject({ state: 'PAID', attempts: 1 });
    const paid = await paymentsOf(enrollmentId, charge.cycleStart);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ method: 'PIX', amountCents: 24_900, endToEndId: after.endToEndId });
  });

  it('a failed debit is retried the next day, then paid', async () => {
    const { enrollmentId } = await approvedEnrollment();
    await issueRecurringCharges(jobs, new Date());
    const charge = await onlyChargeOf(enrollmentId);
    await debitScheduled(charge.txid, 1);
    emulator.sandbox.failRecurringCharge(charge.txid);
    await emulator.sandbox.webhooksIdle();
    const retried = await onlyChargeOf(enrollmentId);
    expect(retried.rejectionCode).toBe('AM02');
    await debitScheduled(charge.txid, 2);
    expect((await readCycles(enrollmentId)).charges[0]).toMatchObject({
      attempts: 2,
      state: 'ACTIVE',
      rejectionCode: 'AM02',
      nextRetryDate: addDays(charge.dueDate, 1),
    });

    emulator.sandbox.settleRecurringCharge(charge.txid);
    await emulator.sandbox.webhooksIdle();
    expect(await onlyChargeOf(enrollmentId)).toMatchObject({
      state: 'PAID',
      attempts: 2,
      nextRetryDate: null,
      fellBackAt: null,
    });
    expect(await paymentsOf(enrollmentId, charge.cycleStart)).toHaveLength(1);
    expect(await dynamicChargesOf(enrollmentId, charge.cycleStart)).toEqual([]);
  });

  it('with the three retries spent, the cycle falls back to one dynamic charge', async () => {
    const { enrollmentId } = await approvedEnrollment();
    await issueRecurringCharges(jobs, new Date());
    const charge = await onlyChargeOf(enrollmentId);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await debitScheduled(charge.txid, attempt);
      // The last failure's notice comes twice: the cycle still falls back once.
      if (attempt === 4) emulator.sandbox.webhooks({ repeatNext: 1 });
      emulator.sandbox.failRecurringCharge(charge.txid);
      await emulator.sandbox.webhooksIdle();
    }
    const failed = await onlyChargeOf(enrollmentId);
    expect(failed).toMatchObject({ state: 'FAILED', attempts: 4, fallbackReason: 'DEBIT_FAILED' });
    expect(failed.fellBackAt).not.toBeNull();
    await Promise.all([issueCharges(jobs, new Date()), issueCharges(jobs, new Date())]);
    const dynamic = await dynamicChargesOf(enrollmentId, charge.cycleStart);
    expect(dynamic).toHaveLength(1);
    expect(dynamic[0]).toMatchObject({ status: 'ACTIVE', amountCents: 24_900 });
    expect((await readCycles(enrollmentId)).charges[0]).toMatchObject({
      state: 'FAILED',
      fallbackReason: 'DEBIT_FAILED',
    });
  });

  it('without retries allowed, the first failure falls back', async () => {
    const { enrollmentId } = await approvedEnrollment({ amountKind: 'FIXED', retryPolicy: 'NAO_PERMITE' });
    await issueRecurringCharges(jobs, new Date());
    const charge = await onlyChargeOf(enrollmentId);
    await debitScheduled(charge.txid, 1);
    emulator.sandbox.failRecurringCharge(charge.txid);
    await emulator.sandbox.webhooksIdle();
    expect(await onlyChargeOf(enrollmentId)).toMatchObject({
      state: 'FAILED',
      fallbackReason: 'DEBIT_FAILED',
    });
    expect(await dynamicChargesOf(enrollmentId, charge.cycleStart)).toHaveLength(1);
  });
});

describe('decision 030’s dynamic charges', () => {
  it('skip the cycles a live recurrence covers, and charge the others', async () => {
    const covered = await approvedEnrollment();
    const { enrollmentId: plain } = await enrollNewCustomer(
      t,
      world.studio,
      { startDate: addDays(today, -25), endDate: addDays(today, 300) },
      { firstName: 'Avulso', idType: 'CPF', idNumber: cpfFor(9_100, 300_000_000) },
    );
    await Promise.all([issueCharges(jobs, new Date()), issueCharges(jobs, new Date())]);
    const next = covered.recurrence.startDate;
    expect(await dynamicChargesOf(covered.enrollmentId, next)).toEqual([]);
    const plainCharges = await t.db
      .select()
      .from(pixCharges)
      .where(and(eq(pixCharges.organizationId, organizationId), eq(pixCharges.enrollmentId, plain)));
    expect(plainCharges).toHaveLength(1);
  });
});

describe('reconciliation', () => {
  it('applies a dropped charge callback once, however many runs at once', async () => {
    const { enrollmentId } = await approvedEnrollment();
    await issueRecurringCharges(jobs, new Date());
    const charge = await onlyChargeOf(enrollmentId);
    await debitScheduled(charge.txid, 1);
    emulator.sandbox.webhooks({ dropNext: 1 });
    emulator.sandbox.settleRecurringCharge(charge.txid);
    await emulator.sandbox.webhooksIdle();
    expect((await onlyChargeOf(enrollmentId)).state).toBe('ACTIVE');

    await Promise.all([reconcileRecurrences(jobs, new Date()), reconcileRecurrences(jobs, new Date())]);
    await reconcileRecurrences(jobs, new Date());
    expect((await onlyChargeOf(enrollmentId)).state).toBe('PAID');
    expect(await paymentsOf(enrollmentId, charge.cycleStart)).toHaveLength(1);
  });

  it('takes a recurrence’s dropped callback, and cancels one whose creation answer was lost', async () => {
    const { enrollmentId } = await enrollNewCustomer(
      t,
      world.studio,
      { startDate: addDays(today, -25), endDate: addDays(today, 300) },
      { firstName: 'Perdido', idType: 'CPF', idNumber: cpfFor(9_200, 300_000_000) },
    );
    const started = await t.request('POST', path(enrollmentId), {
      token: owner.token,
      body: { amountKind: 'FIXED' },
      headers: { 'idempotency-key': `pix-automatico-charges-lost-${Date.now()}` },
    });
    expect(started.status, started.text).toBe(201);
    emulator.sandbox.webhooks({ dropNext: 5 });
    emulator.sandbox.approveRecurrence(started.body.idRec);
    await emulator.sandbox.webhooksIdle();
    emulator.sandbox.webhooks({ dropNext: 0 });
    expect((await readCycles(enrollmentId)).state).toBe('CREATED');

    // A POST /rec whose answer never reached us: the PSP has it, no row of ours does.
    const client = createPixClient(emulatorConnection(emulator));
    try {
      const orphan = await client.createRecurrence({
        vinculo: {
          contrato: enrollmentId.replaceAll('-', ''),
          devedor: { cpf: cpfFor(9_200, 300_000_000), nome: 'Perdido' },
        },
        calendario: { dataInicial: addDays(today, 40), periodicidade: 'MENSAL' },
        valor: { valorRec: '249.00' },
        politicaRetentativa: 'NAO_PERMITE',
      });
      // Not yet: a start keeps its idRec within seconds, so a fresh one may be under way.
      await reconcileRecurrences(jobs, new Date());
      expect((await client.getRecurrence(orphan.idRec))?.status).toBe('CRIADA');
      expect((await readCycles(enrollmentId)).state).toBe('APPROVED');

      await reconcileRecurrences(jobs, new Date(Date.now() + 11 * 60_000));
      expect((await client.getRecurrence(orphan.idRec))?.status).toBe('CANCELADA');
      expect((await client.getRecurrence(started.body.idRec))?.status).toBe('APROVADA');
    } finally {
      await client.close();
    }
  });
});

describe('the charge webhook', () => {
  it('answers 404 to a wrong secret or organization and 400 to a body that is not the standard’s', async () => {
    const wrong = await t.request('POST', `/pix-webhooks/${organizationId}/not-the-secret/cobr`, {
      body: { cobsr: [] },
    });
    expect(wrong.status).toBe(404);
    const other = await t.request('POST', `/pix-webhooks/${crypto.randomUUID()}/x/cobr`, {
      body: { cobsr: [] },
    });
    expect(other.status).toBe(404);
    const forged = await t.request('POST', `/pix-webhooks/${organizationId}/x/cobr`, {
      body: { cobsr: [{ txid: 'x', status: 'PAGA' }] },
    });
    expect(forged.status).toBe(400);
  });
});

describe('the contract’s withdrawal', () => {
  it('cancels the enrollment’s live recurrence at the PSP', async () => {
    const published = await t.request('POST', `/organizations/${organizationId}/contract-versions`, {
      token: owner.token,
      body: { text: 'Contrato com Pix Automático.' },
    });
    expect(published.status, published.text).toBe(201);
    const { enrollmentId, customerId, recurrence } = await approvedEnrollment();
    const link = await t.request(
      'POST',
      `/organizations/${organizationId}/customers/${customerId}/class-link`,
      {
        token: owner.token,
      },
    );
    expect(link.status, link.text).toBe(201);
    const portal: PortalClient = portalClient(t);
    expect((await portal.open(tokenOf(link.body.url as string))).status).toBe(200);
    const signed = await portal.request('POST', '/contract/signatures', {
      fullName: 'Débito Cliente',
      cpf: cpfFor(customerNumber, 300_000_000),
      accepted: true,
      versionId: published.body.id,
    });
    expect(signed.status, signed.text).toBe(201);
    const withdrawn = await portal.request(
      'POST',
      `/contract/signatures/${signed.body.signature.id}/withdrawal`,
    );
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect((await readCycles(enrollmentId)).state).toBe('CANCELLED_BY_RECEIVER');
    const client = createPixClient(emulatorConnection(emulator));
    try {
      expect((await client.getRecurrence(String(recurrence.idRec)))?.status).toBe('CANCELADA');
    } finally {
      await client.close();
    }
  });
});

// Last: its run six days ahead puts the charges of every cycle then in the window.
describe('a plan’s new price', () => {
  it('a FIXED recurrence whose price changed: the cycle falls back, and the enrollment asks a new authorization', async () => {
    const plan = await createPlan(t, owner, organizationId, {
      name: 'Mensal reajustado',
      priceCents: 24_900,
      weeklySessionsLimit: null,
    });
    // Enrolled 16 days ago: the next cycle (12 to 15 days away) has no amount yet when the price changes.
    const { enrollmentId } = await approvedEnrollment({ amountKind: 'FIXED' }, plan.id, -16);
    const changed = await t.request('PUT', `/organizations/${organizationId}/customer-plans/${plan.id}`, {
      token: owner.token,
      body: { ...plan, priceCents: 27_900 },
    });
    expect(changed.status, changed.text).toBe(200);
    // Six days on, that cycle is in the window: charged at the new price, which the recurrence cannot debit.
    await issueRecurringCharges(jobs, new Date(Date.now() + 6 * 86_400_000));
    const charge = await onlyChargeOf(enrollmentId);
    expect(charge).toMatchObject({ state: 'REFUSED', fallbackReason: 'AMOUNT_CHANGED', amountCents: 27_900 });
    expect(await dynamicChargesOf(enrollmentId, charge.cycleStart)).toEqual([
      expect.objectContaining({ status: 'ACTIVE', amountCents: 27_900 }),
    ]);
    const read = await readCycles(enrollmentId);
    expect(read.needsNewAuthorization).toBe(true);
    expect(read.charges[0]).toMatchObject({ state: 'REFUSED', fallbackReason: 'AMOUNT_CHANGED' });
  });
});
