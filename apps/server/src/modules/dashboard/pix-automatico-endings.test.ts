import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../../test/factories.ts';
import { connectPsp, startPixAutomaticoStudio } from '../../test/pix-automatico-studio.ts';
import { portalClient, tokenOf } from '../portal/portal-client.ts';

// Decision 048, fourth part: what the screens read of Pix Automático — the studio told of the recurrences the
// payer's side ended (dashboard and customer's page), whether a start is possible (the staff panel), and the
// customer's own authorization in the portal. Recurrences reach each state through the local standard PSP.

let setup: Awaited<ReturnType<typeof startPixAutomaticoStudio>>;

beforeAll(async () => {
  setup = await startPixAutomaticoStudio();
});
afterEach(async () => {
  await setup.emulator.sandbox.webhooksIdle();
  expect(setup.emulator.violations).toEqual([]);
});
afterAll(async () => {
  await setup?.close();
});

const endingsPath = (query = '', org = setup.organizationId) =>
  `/organizations/${org}/dashboard/pix-automatico-endings${query}`;

async function endings(query = '', token = setup.owner.token) {
  const answer = await setup.t.request('GET', endingsPath(query), { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as {
    days: number;
    items: { enrollmentId: string; customerId: string; state: string; customerName: string }[];
  };
}

const itemOf = async (enrollmentId: string, query = '') =>
  (await endings(query)).items.find((item) => item.enrollmentId === enrollmentId);

describe('recurrences the payer ended, for the dashboard and the customer’s page', () => {
  it('lists a cancellation in the payer’s bank, a rejection and an expiry, newest first, with who and what', async () => {
    const { sandbox } = setup.emulator;
    const cancelled = await setup.enrolled('Cancela');
    const rejected = await setup.enrolled('Recusa');
    const expired = await setup.enrolled('Expira');
    sandbox.cancelRecurrenceAsPayer((await setup.start(cancelled.enrollmentId)).idRec);
    await sandbox.webhooksIdle();
    sandbox.rejectRecurrence((await setup.start(rejected.enrollmentId)).idRec);
    await sandbox.webhooksIdle();
    sandbox.expireRecurrence((await setup.start(expired.enrollmentId)).idRec);
    await sandbox.webhooksIdle();

    const { days, items } = await endings();
    expect(days).toBe(30);
    const ours = items.filter((item) =>
      [cancelled, rejected, expired].some((one) => one.enrollmentId === item.enrollmentId),
    );
    expect(ours.map((item) => item.state)).toEqual(['EXPIRED', 'REJECTED', 'CANCELLED_BY_PAYER']);
    expect(ours[2]).toMatchObject({
      enrollmentId: cancelled.enrollmentId,
      customerId: cancelled.customerId,
      planName: 'Mensal Reformer',
    });
    expect(ours[2]?.customerName).toMatch(/^Cancela Lima\d+$/);
  });

  it('leaves out the studio’s own cancellation, live ones, and one a newer recurrence replaced', async () => {
    const { sandbox } = setup.emulator;
    const byStudio = await setup.enrolled();
    await setup.start(byStudio.enrollmentId);
    const cancel = await setup.t.request(
      'POST',
      `/organizations/${setup.organizationId}/enrollments/${byStudio.enrollmentId}/pix-automatico/cancel`,
      { token: setup.owner.token },
    );
    expect(cancel.status, cancel.text).toBe(200);
    const waiting = await setup.enrolled();
    await setup.start(waiting.enrollmentId);
    const approved = await setup.enrolled();
    sandbox.approveRecurrence((await setup.start(approved.enrollmentId)).idRec);
    const replaced = await setup.enrolled();
    sandbox.cancelRecurrenceAsPayer((await setup.start(replaced.enrollmentId)).idRec);
    await sandbox.webhooksIdle();
    expect(await itemOf(replaced.enrollmentId)).toMatchObject({ state: 'CANCELLED_BY_PAYER' });

    await setup.start(replaced.enrollmentId);
    for (const one of [byStudio, waiting, approved, replaced])
      expect(await itemOf(one.enrollmentId)).toBeUndefined();
  });

  it('an approved one the payer cancels later is told; one customer’s only with customerId', async () => {
    const { sandbox } = setup.emulator;
    const mine = await setup.enrolled();
    const other = await setup.enrolled();
    for (const one of [mine, other]) {
      const { idRec } = await setup.start(one.enrollmentId);
      sandbox.approveRecurrence(idRec);
      await sandbox.webhooksIdle();
      sandbox.cancelRecurrenceAsPayer(idRec);
    }
    await sandbox.webhooksIdle();
    const forMine = await endings(`?customerId=${mine.customerId}`);
    expect(forMine.items.map((item) => item.enrollmentId)).toEqual([mine.enrollmentId]);
    expect(await itemOf(other.enrollmentId)).toMatchObject({ state: 'CANCELLED_BY_PAYER' });
  });

  it('needs VIEW_PAYMENTS; another organization sees none of ours and cannot reach them', async () => {
    const { accountant, instructor } = setup.studio.members;
    expect((await endings('', accountant.token)).items.length).toBeGreaterThan(0);
    const refused = await setup.t.request('GET', endingsPath(), { token: instructor.token });
    expect(refused.status).toBe(403);
    const outsider = await createUser(setup.t);
    const theirs = await createOrganization(setup.t, outsider);
    const foreign = await setup.t.request('GET', endingsPath(), { token: outsider.token });
    expect(foreign.status).toBe(404);
    const anyCustomer = (await endings()).items[0]?.customerId;
    const asked = await setup.t.request('GET', endingsPath(`?customerId=${anyCustomer}`, theirs.id), {
      token: outsider.token,
    });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.items).toEqual([]);
    const bad = await setup.t.request('GET', endingsPath('?days=0'), { token: setup.owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('whether a start is possible, beside the enrollment’s recurrence', () => {
  it('says available with a CNPJ receiver, and why not without one or without a PSP', async () => {
    const { enrollmentId } = await setup.enrolled();
    const read = () =>
      setup.t.request(
        'GET',
        `/organizations/${setup.organizationId}/enrollments/${enrollmentId}/pix-automatico`,
        { token: setup.owner.token },
      );
    expect((await read()).body).toEqual({
      recurrence: null,
      replacement: null,
      startAvailability: { isAvailable: true, reason: null },
    });
    await connectPsp(setup.t, setup.emulator, setup.organizationId, setup.owner.token, false);
    try {
      expect((await read()).body.startAvailability).toEqual({ isAvailable: false, reason: 'NO_RECEIVER' });
    } finally {
      await connectPsp(setup.t, setup.emulator, setup.organizationId, setup.owner.token, true);
    }
    const outsider = await createUser(setup.t);
    const theirs = await createOrganization(setup.t, outsider);
    const other = await setup.t.request(
      'GET',
      `/organizations/${theirs.id}/enrollments/${enrollmentId}/pix-automatico`,
      { token: outsider.token },
    );
    expect(other.status).toBe(404);
  });
});

describe('the customer’s own authorization in the portal', () => {
  it('shows the QR while waiting, the state once approved, and nothing once ended', async () => {
    const { sandbox } = setup.emulator;
    const { customerId, enrollmentId } = await setup.enrolled('Portal');
    const someoneElse = await setup.enrolled();
    await setup.start(someoneElse.enrollmentId);
    const made = await setup.t.request(
      'POST',
      `/organizations/${setup.organizationId}/customers/${customerId}/class-link`,
      { token: setup.owner.token },
    );
    expect(made.status, made.text).toBe(201);
    const client = portalClient(setup.t);
    expect((await client.open(tokenOf(made.body.url as string))).status).toBe(200);
    const view = async () => {
      const answer = await client.request('GET', '/payments');
      expect(answer.status, answer.text).toBe(200);
      return answer.body.pixAutomatico as {
        enrollmentId: string;
        state: string;
        pixCopiaECola: string | null;
      }[];
    };
    expect(await view()).toEqual([]);

    const started = await setup.start(enrollmentId);
    expect(await view()).toEqual([
      expect.objectContaining({
        enrollmentId,
        planName: 'Mensal Reformer',
        state: 'CREATED',
        amountKind: 'FIXED',
        amountCents: 24_900,
        periodicity: 'MENSAL',
        pixCopiaECola: started.pixCopiaECola,
      }),
    ]);
    sandbox.approveRecurrence(started.idRec);
    await sandbox.webhooksIdle();
    expect(await view()).toEqual([expect.objectContaining({ state: 'APPROVED', pixCopiaECola: null })]);
    sandbox.cancelRecurrenceAsPayer(started.idRec);
    await sandbox.webhooksIdle();
    expect(await view()).toEqual([]);
  });
});
