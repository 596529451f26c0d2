import { type EnrollmentRenewal, type EnrollmentStatus, willRenew } from '@reformer/domain/enrollments';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renews } from '../../db/roster.ts';
import { customers, enrollments } from '../../db/schema/index.ts';
import {
  createCustomer,
  createEnrollableSchedule,
  createOrganization,
  createPlan,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { applyRenewals, listDueRenewals } from './enrollments-job.repository.ts';
import { settleEnrollmentStatuses } from './enrollments-job.ts';

/**
 * Issue #26: the daily job renews the enrollments that renew by themselves, in the organization's calendar,
 * exactly once however many runs meet, and completes the others as before.
 */

let t: TestApp;
let owner: TestUser;
let organizationId: string;
/** Mondays and Wednesdays, 1 March – 30 June 2027, capacity 6. */
let schedule: { id: string };
let monthly: { id: string };
let fixedTerm: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date('2027-02-15T12:00:00Z'));
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  schedule = await createEnrollableSchedule(t, owner, organizationId, { capacity: 20 });
  monthly = await createPlan(t, owner, organizationId);
  fixedTerm = await createPlan(t, owner, organizationId, { name: 'Pacote', renewsAutomatically: false });
});
afterAll(() => t.close());

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;

let customerNumber = 0;
async function enrolled(body: Record<string, unknown>) {
  customerNumber += 1;
  const customer = await createCustomer(t, owner, organizationId, {
    firstName: 'Assinante',
    lastName: `N${customerNumber}`,
  });
  const response = await t.request('POST', orgPath('/enrollments'), {
    token: owner.token,
    body: { customerId: customer.id, planId: monthly.id, scheduleId: schedule.id, ...body },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string };
}

async function read(id: string) {
  const response = await t.request('GET', orgPath(`/enrollments/${id}`), { token: owner.token });
  expect(response.status, response.text).toBe(200);
  return response.body as { status: string; endDate: string; renewal: string };
}

function setRenewal(id: string, renewal: EnrollmentRenewal) {
  return t.request('POST', orgPath(`/enrollments/${id}/actions`), {
    token: owner.token,
    body: { action: 'SET_RENEWAL', renewal },
  });
}

describe('renewing enrollments', () => {
  it('renews at the period’s end in the organization’s calendar, unless set to end, and never past the schedule', async () => {
    const subscription = await enrolled({ startDate: '2027-03-01' });
    const ending = await enrolled({ startDate: '2027-03-01' });
    expect((await setRenewal(ending.id, 'ENDS')).body.renewal).toBe('ENDS');
    const fixed = await enrolled({ startDate: '2027-03-01', planId: fixedTerm.id });
    const chosen = await enrolled({ startDate: '2027-03-01', planId: fixedTerm.id });
    await setRenewal(chosen.id, 'RENEWS');
    const lastMonth = await enrolled({ startDate: '2027-05-15' });
    const canceled = await enrolled({ startDate: '2027-03-01' });
    await t.request('POST', orgPath(`/enrollments/${canceled.id}/actions`), {
      token: owner.token,
      body: { action: 'CANCEL', from: '2027-03-20' },
    });

    // 1 April 02:00 UTC is still 31 March in São Paulo: the last day of the period, when it renews.
    const first = await settleEnrollmentStatuses(t.db, new Date('2027-04-01T02:00:00Z'));
    expect(first).toEqual({ renewed: 2, completed: 0, resumed: 0 });
    expect(await read(subscription.id)).toMatchObject({ status: 'ACTIVE', endDate: '2027-04-30' });
    expect(await read(chosen.id)).toMatchObject({ status: 'ACTIVE', endDate: '2027-04-30' });
    expect(await read(ending.id)).toMatchObject({ status: 'ACTIVE', endDate: '2027-03-31' });

    // The next day the others end as they always did.
    const second = await settleEnrollmentStatuses(t.db, new Date('2027-04-01T12:00:00Z'));
    expect(second).toEqual({ renewed: 0, completed: 2, resumed: 0 });
    for (const id of [ending.id, fixed.id]) expect((await read(id)).status).toBe('COMPLETED');
    expect(await read(canceled.id)).toMatchObject({ status: 'CANCELED', endDate: '2027-03-31' });

    // 14 June: the renewal stops at the schedule's last day, and on 1 July the enrollment ends with it.
    await settleEnrollmentStatuses(t.db, new Date('2027-06-14T15:00:00Z'));
    expect(await read(lastMonth.id)).toMatchObject({ status: 'ACTIVE', endDate: '2027-06-30' });
    expect(await read(subscription.id)).toMatchObject({ endDate: '2027-06-30' });
    await settleEnrollmentStatuses(t.db, new Date('2027-07-01T15:00:00Z'));
    expect(await read(lastMonth.id)).toMatchObject({ status: 'COMPLETED', endDate: '2027-06-30' });
  });

  it('renews a paused subscription too, keeping its pause', async () => {
    const paused = await enrolled({ startDate: '2027-03-03' });
    await t.request('POST', orgPath(`/enrollments/${paused.id}/actions`), {
      token: owner.token,
      body: { action: 'PAUSE', from: '2027-03-20', resumeOn: '2027-04-10' },
    });
    await settleEnrollmentStatuses(t.db, new Date('2027-04-03T12:00:00Z'));
    expect(await read(paused.id)).toMatchObject({ status: 'PAUSED', endDate: '2027-05-02' });
  });
});

describe('the renewal choice', () => {
  it('answers 400 for an unknown choice, 409 once the enrollment stopped, 404 to another organization', async () => {
    const enrollment = await enrolled({ startDate: '2027-04-05' });
    const read1 = await read(enrollment.id);
    expect(read1).toMatchObject({
      renewal: 'PLAN',
      planRenewsAutomatically: true,
      scheduleEndDate: '2027-06-30',
    });
    const wrong = await t.request('POST', orgPath(`/enrollments/${enrollment.id}/actions`), {
      token: owner.token,
      body: { action: 'SET_RENEWAL', renewal: 'SOMETIMES' },
    });
    expect(wrong.status).toBe(400);
    expect((await setRenewal(enrollment.id, 'ENDS')).body.renewal).toBe('ENDS');
    expect((await setRenewal(enrollment.id, 'PLAN')).body.renewal).toBe('PLAN');
    await t.request('POST', orgPath(`/enrollments/${enrollment.id}/actions`), {
      token: owner.token,
      body: { action: 'COMPLETE' },
    });
    const stopped = await setRenewal(enrollment.id, 'RENEWS');
    expect(stopped.status).toBe(409);
    expect(stopped.body.error.code).toBe('ENROLLMENT_ACTION_NOT_ALLOWED');
    const stranger = await createUser(t);
    const otherOrganization = (await createOrganization(t, stranger)).id;
    const outside = await t.request(
      'POST',
      `/organizations/${otherOrganization}/enrollments/${enrollment.id}/actions`,
      { token: stranger.token, body: { action: 'SET_RENEWAL', renewal: 'ENDS' } },
    );
    expect(outside.status).toBe(404);
  });
});

describe('exactly once', () => {
  const DUE = 240;
  let longSchedule: { id: string };

  beforeAll(async () => {
    longSchedule = await createEnrollableSchedule(t, owner, organizationId, { endDate: '2028-12-31' });
    // What the tests above left is settled first, so the counts below are the seeded rows'.
    await settleEnrollmentStatuses(t.db, new Date('2027-12-01T12:00:00Z'));
  });

  /** `DUE` monthly enrollments started 1 May 2028 (period to 31 May), written directly: seats do not matter. */
  async function seedDue() {
    const customerRows = Array.from({ length: DUE }, (_, index) => ({
      organizationId,
      id: uuidv7(),
      firstName: 'Lote',
      lastName: `N${index}`,
    }));
    await t.db.insert(customers).values(customerRows);
    const rows = customerRows.map((customer) => ({
      organizationId,
      id: uuidv7(),
      customerId: customer.id,
      planId: monthly.id,
      scheduleId: longSchedule.id,
      startDate: '2028-05-01',
      endDate: '2028-05-31',
    }));
    await t.db.insert(enrollments).values(rows);
    return rows.map((row) => row.id);
  }

  async function endDates(ids: string[]) {
    const rows = await t.db
      .select({ id: enrollments.id, endDate: enrollments.endDate })
      .from(enrollments)
      .where(
        and(
          eq(enrollments.organizationId, organizationId),
          sql`${enrollments.id} = any(${sql.param(ids)}::uuid[])`,
        ),
      );
    return new Set(rows.map((row) => row.endDate));
  }

  it('two runs at once renew each enrollment once between them', async () => {
    const ids = await seedDue();
    const now = new Date('2028-05-31T15:00:00Z');
    const [a, b] = await Promise.all([
      settleEnrollmentStatuses(t.db, now),
      settleEnrollmentStatuses(t.db, now),
    ]);
    expect(a.renewed + b.renewed).toBe(DUE);
    // One cycle each: a second renewal would have reached 31 July.
    expect(await endDates(ids)).toEqual(new Set(['2028-06-30']));
    await t.db.delete(enrollments).where(sql`${enrollments.id} = any(${sql.param(ids)}::uuid[])`);
  });

  it('a run stopped after its first statement is taken up by the next, each renewal once', async () => {
    const ids = await seedDue();
    await t.db
      .update(enrollments)
      .set({ startDate: '2028-04-01', endDate: '2028-04-30' })
      .where(sql`${enrollments.id} = any(${sql.param(ids)}::uuid[])`);
    const now = new Date('2028-04-30T15:00:00Z');
    // The first instance renews a part, then "restarts"; a second instance starts over from the beginning.
    const due = await listDueRenewals(t.db, now, null, 100);
    const part = due.map((row) => ({ ...row, fromEnd: row.endDate, toEnd: '2028-05-31' }));
    expect(await applyRenewals(t.db, part, now)).toBe(100);
    const [again, other] = await Promise.all([
      settleEnrollmentStatuses(t.db, now),
      settleEnrollmentStatuses(t.db, now),
    ]);
    expect(again.renewed + other.renewed).toBe(DUE - 100);
    expect(await endDates(ids)).toEqual(new Set(['2028-05-31']));
  });
});

describe('renewal in SQL', () => {
  it('agrees with the domain’s willRenew', async () => {
    const statuses: EnrollmentStatus[] = ['ACTIVE', 'PAUSED', 'CANCELED', 'COMPLETED'];
    const renewals: EnrollmentRenewal[] = ['PLAN', 'RENEWS', 'ENDS'];
    for (const status of statuses)
      for (const renewal of renewals)
        for (const canceledFrom of [null, '2027-03-20'])
          for (const planRenews of [true, false])
            for (const scheduleEnd of [null, '2027-03-31', '2027-04-01', '2027-03-15']) {
              const terms = {
                enrollment: { status, renewal, endDate: '2027-03-31', canceledFrom },
                plan: { renewsAutomatically: planRenews },
                schedule: { endDate: scheduleEnd },
              };
              const d = (value: string | null) => sql`${value}::date`;
              const result = await t.db.execute(
                sql`select ${renews({
                  status: sql`${status}`,
                  renewal: sql`${renewal}`,
                  endDate: d('2027-03-31'),
                  canceledFrom: d(canceledFrom),
                  planRenewsAutomatically: sql`${planRenews}::boolean`,
                  scheduleEndDate: d(scheduleEnd),
                })} as renews`,
              );
              const [row] = (result as unknown as { rows: { renews: boolean }[] }).rows;
              expect(row?.renews, JSON.stringify(terms)).toBe(willRenew(terms));
            }
  });
});
