import { addDays } from '@reformer/domain/calendar-dates';
import type { PixEmulator } from '@reformer/pix-emulator/emulator';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payments, pixRecurrences, pixRecurringCharges } from '../../db/schema/index.ts';
import { createPixClient } from '../../integrations/pix/pix-client.ts';
import { emulatorConnection } from '../../integrations/pix/pix-test-helpers.ts';
import { cpfFor, createPlan, type TestUser } from '../../test/factories.ts';
import { settlePsp, startPixAutomaticoStudio } from '../../test/pix-automatico-studio.ts';
import { enrollNewCustomer } from '../../test/studio.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { PixJobDeps } from '../pix-charges/pix-charges-job.ts';
import { reconcileRecurrences } from './reconcile-recurrences.ts';
import { issueRecurringCharges } from './recurring-charges-job.ts';

// Decision 048, fifth part, against the local standard PSP over mutual TLS with the app listening for its
// webhooks: a plan's new price asks the customer for a new authorization beside the approved recurrence; its
// approval (by webhook or by reconciliation) cancels the old one at the PSP and in our row, once, and only the
// new one is charged from then on; its rejection leaves the old one as it was.

let world: Awaited<ReturnType<typeof startPixAutomaticoStudio>>;
let emulator: PixEmulator;
let t: TestApp;
let owner: TestUser;
let organizationId: string;
let today: string;
let jobs: PixJobDeps;

beforeAll(async () => {
  world = await startPixAutomaticoStudio();
  ({ emulator, t, today } = world);
  ({ owner, organizationId } = world.studio);
  jobs = { db: t.db, secretBox: t.secretBox, gateway: world.gateway };
}, 120_000);
afterEach(() => settlePsp(emulator));
afterAll(() => world.close());

const path = (enrollmentId: string) =>
  `/organizations/${organizationId}/enrollments/${enrollmentId}/pix-automatico`;

let customerNumber = 0;
const start = (enrollmentId: string) =>
  t.request('POST', path(enrollmentId), {
    token: owner.token,
    body: { amountKind: 'FIXED' },
    headers: { 'idempotency-key': `pix-automatico-replacement-${enrollmentId}-${Date.now()}` },
  });

const read = async (enrollmentId: string) => {
  const answer = await t.request('GET', path(enrollmentId), { token: owner.token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};

async function pspStatusOf(idRec: string) {
  const client = createPixClient(emulatorConnection(emulator));
  try {
    return (await client.getRecurrence(idRec))?.status;
  } finally {
    await client.close();
  }
}

async function rowOf(id: string) {
  const [row] = await t.db.select().from(pixRecurrences).where(eq(pixRecurrences.id, id));
  return row;
}

/**
 * A customer enrolled 25 days ago on a plan of their own at R$ 249,00 with an approved FIXED recurrence whose
 * next cycle (3 to 6 days away) the job has put as a debit; then the plan's price becomes R$ 279,00.
 */
async function approvedThenRepriced() {
  customerNumber += 1;
  const plan = await createPlan(t, owner, organizationId, {
    name: `Mensal ${customerNumber}`,
    priceCents: 24_900,
    weeklySessionsLimit: null,
  });
  const { enrollmentId } = await enrollNewCustomer(
    t,
    world.studio,
    { startDate: addDays(today, -25), endDate: addDays(today, 300), planId: plan.id },
    { firstName: 'Troca', idType: 'CPF', idNumber: cpfFor(customerNumber, 310_000_000) },
  );
  const first = await start(enrollmentId);
  expect(first.status, first.text).toBe(201);
  emulator.sandbox.approveRecurrence(first.body.idRec);
  await emulator.sandbox.webhooksIdle();
  await issueRecurringCharges(jobs, new Date());
  const [debit] = await chargesOf(enrollmentId);
  expect(debit).toMatchObject({ recurrenceId: first.body.id, state: 'ACTIVE', amountCents: 24_900 });

  // While the price fits, a second start is refused: one recurrence runs at a time.
  expect((await start(enrollmentId)).body.error.code).toBe('PIX_AUTOMATICO_EXISTS');
  const repriced = await t.request('PUT', `/organizations/${organizationId}/customer-plans/${plan.id}`, {
    token: owner.token,
    body: { ...plan, priceCents: 27_900 },
  });
  expect(repriced.status, repriced.text).toBe(200);
  expect(await read(enrollmentId)).toMatchObject({
    recurrence: { id: first.body.id, state: 'APPROVED', needsNewAuthorization: true },
    replacement: null,
  });
  return { enrollmentId, old: first.body as { id: string; idRec: string }, debit: debit as ChargeRow };
}

type ChargeRow = typeof pixRecurringCharges.$inferSelect;
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

/** Staff ask for the new authorization: a second recurrence waits beside the approved one. */
async function startReplacement(enrollmentId: string, old: { id: string }) {
  const replacement = await start(enrollmentId);
  expect(replacement.status, replacement.text).toBe(201);
  expect(replacement.body).toMatchObject({ state: 'CREATED', amountCents: 27_900 });
  expect(await read(enrollmentId)).toMatchObject({
    recurrence: { id: old.id, state: 'APPROVED' },
    replacement: { id: replacement.body.id, state: 'CREATED', pixCopiaECola: expect.any(String) },
  });
  // One waiting at a time.
  expect((await start(enrollmentId)).body.error.code).toBe('PIX_AUTOMATICO_EXISTS');
  return replacement.body as { id: string; idRec: string; firstCycleStart: string };
}

describe('a plan’s new price asks for a new authorization', () => {
  it('approved by the payer: the old one is cancelled at the PSP and in our row once, only the new one is charged', async () => {
    const { enrollmentId, old, debit } = await approvedThenRepriced();
    const replacement = await startReplacement(enrollmentId, old);
    // The QR does not pay the cycle the old recurrence is debiting: the next one.
    expect(replacement.firstCycleStart > debit.cycleStart).toBe(true);

    emulator.sandbox.webhooks({ repeatNext: 6 });
    emulator.sandbox.approveRecurrence(replacement.idRec);
    await emulator.sandbox.webhooksIdle();

    expect(await rowOf(old.id)).toMatchObject({ state: 'CANCELLED_BY_RECEIVER' });
    expect(await rowOf(replacement.id)).toMatchObject({ state: 'APPROVED' });
    expect(await pspStatusOf(old.idRec)).toBe('CANCELADA');
    expect(await pspStatusOf(replacement.idRec)).toBe('APROVADA');
    expect(await read(enrollmentId)).toMatchObject({
      recurrence: { id: replacement.id, state: 'APPROVED', needsNewAuthorization: false },
      replacement: null,
    });
    // The old one's open debit ended with it at the PSP; the job puts none for it again, nor for the new one
    // before its start. The QR paid its first cycle once.
    await issueRecurringCharges(jobs, new Date());
    expect(await chargesOf(enrollmentId)).toEqual([
      expect.objectContaining({ txid: debit.txid, recurrenceId: old.id, state: 'CANCELLED' }),
    ]);
    const paid = await t.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.organizationId, organizationId),
          eq(payments.enrollmentId, enrollmentId),
          eq(payments.cycleStart, replacement.firstCycleStart),
        ),
      );
    expect(paid).toEqual([expect.objectContaining({ amountCents: 27_900, status: 'COMPLETED' })]);
    const approved = await t.db
      .select()
      .from(pixRecurrences)
      .where(and(eq(pixRecurrences.enrollmentId, enrollmentId), eq(pixRecurrences.state, 'APPROVED')));
    expect(approved.map((row) => row.id)).toEqual([replacement.id]);
  });

  it('approved while the callback is held: reconciliation does the same, and the late callback changes nothing', async () => {
    const { enrollmentId, old } = await approvedThenRepriced();
    const replacement = await startReplacement(enrollmentId, old);
    emulator.sandbox.webhooks({ hold: true });
    emulator.sandbox.approveRecurrence(replacement.idRec);

    await Promise.all([reconcileRecurrences(jobs, new Date()), reconcileRecurrences(jobs, new Date())]);
    expect(await rowOf(old.id)).toMatchObject({ state: 'CANCELLED_BY_RECEIVER' });
    expect(await rowOf(replacement.id)).toMatchObject({ state: 'APPROVED' });
    expect(await pspStatusOf(old.idRec)).toBe('CANCELADA');

    emulator.sandbox.webhooks({ hold: false });
    emulator.sandbox.releaseWebhooks('reverse');
    await emulator.sandbox.webhooksIdle();
    expect(await rowOf(old.id)).toMatchObject({ state: 'CANCELLED_BY_RECEIVER' });
    expect(await rowOf(replacement.id)).toMatchObject({ state: 'APPROVED' });
  });

  it('refused by the payer: the old one goes on as it was, and a new authorization can be asked again', async () => {
    const { enrollmentId, old, debit } = await approvedThenRepriced();
    const replacement = await startReplacement(enrollmentId, old);
    emulator.sandbox.rejectRecurrence(replacement.idRec);
    await emulator.sandbox.webhooksIdle();

    expect(await rowOf(replacement.id)).toMatchObject({ state: 'REJECTED' });
    expect(await rowOf(old.id)).toMatchObject({ state: 'APPROVED', closedAt: null });
    expect(await pspStatusOf(old.idRec)).toBe('APROVADA');
    expect(await chargesOf(enrollmentId)).toEqual([
      expect.objectContaining({ txid: debit.txid, state: 'ACTIVE' }),
    ]);
    expect(await read(enrollmentId)).toMatchObject({
      recurrence: { id: old.id, state: 'APPROVED', needsNewAuthorization: true },
      replacement: null,
    });
    expect((await start(enrollmentId)).status).toBe(201);
  });

  it('staff cancelling ends both the running one and the one waiting beside it', async () => {
    const { enrollmentId, old } = await approvedThenRepriced();
    const replacement = await startReplacement(enrollmentId, old);
    const cancelled = await t.request('POST', `${path(enrollmentId)}/cancel`, {
      token: owner.token,
      headers: { 'idempotency-key': `cancel-${enrollmentId}` },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await rowOf(old.id)).toMatchObject({ state: 'CANCELLED_BY_RECEIVER' });
    expect(await rowOf(replacement.id)).toMatchObject({ state: 'CANCELLED_BY_RECEIVER' });
    expect(await pspStatusOf(old.idRec)).toBe('CANCELADA');
    expect(await pspStatusOf(replacement.idRec)).toBe('CANCELADA');
  });
});
