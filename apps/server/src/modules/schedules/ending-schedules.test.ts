import type { ChurnRiskList } from '@reformer/domain/churn-risk';
import type { EnrollmentActionInput } from '@reformer/domain/enrollments';
import type { EndingSchedules } from '@reformer/domain/schedules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createCustomer,
  createEnrollableSchedule,
  createEnrollment,
  createEstablishment,
  createOrganization,
  createPlan,
  createSchedule,
  createUser,
  scheduleBody,
  type TestUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { settleEnrollmentStatuses } from '../enrollments/enrollments-job.ts';

/**
 * Issue #26 §1: staff are told 30 days ahead (São Paulo's calendar) that a schedule ends with enrollments
 * that would renew by themselves, which end with it. Today is Thursday 15 April 2027, so a schedule ending up
 * to 15 May is told; one ending 16 May from tomorrow on.
 * - "Termina em maio" (Centro) ends 15 May: Ana (monthly, renews) and Eva (fixed term she set to renew) end
 *   with it; Bia (set to end), Caio (cancelled from 20 April) and Davi (fixed term) were ending anyway → 2.
 * - "Praia até 10 de maio" (Praia) ends 10 May: Fábio renews → 1.
 * - "Um dia a mais" ends 16 May (Gil renews); "Sem renovação" ends 1 May with only Hugo, set to end; "Já
 *   terminou" ended 14 April (Iris); "Sem fim" has no end date (Jonas) — none of them is told today.
 */
const APRIL_15 = new Date('2027-04-15T15:00:00Z');

let t: TestApp;
let owner: TestUser;
let instructor: TestUser;
let receptionistPraia: TestUser;
let outsider: TestUser;
let organizationId: string;
let centro: string;
let praia: string;
let renewingPlan: string;
let fixedTermPlan: string;
const scheduleIds: Record<string, string> = {};
const customerIds: Record<string, string> = {};

const orgPath = (suffix: string) => `/organizations/${organizationId}${suffix}`;

async function schedule(name: string, establishmentId: string, endDate: string | null) {
  const staffUserId = establishmentId === centro ? instructor.id : receptionistPraia.id;
  const body = scheduleBody(establishmentId, staffUserId, { name, startDate: '2027-03-01', endDate });
  scheduleIds[name] = (await createSchedule(t, owner, organizationId, body)).id;
}

async function enroll(
  name: string,
  scheduleName: string,
  options: { planId?: string; action?: EnrollmentActionInput } = {},
) {
  const customer = await createCustomer(t, owner, organizationId, { firstName: name, lastName: 'Silva' });
  customerIds[name] = customer.id;
  const enrollmentId = await createEnrollment(t, owner, organizationId, {
    customerId: customer.id,
    planId: options.planId ?? renewingPlan,
    scheduleId: scheduleIds[scheduleName] ?? '',
    startDate: '2027-03-01',
  });
  if (!options.action) return;
  const acted = await t.request('POST', orgPath(`/enrollments/${enrollmentId}/actions`), {
    token: owner.token,
    body: options.action,
  });
  expect(acted.status, acted.text).toBe(200);
}

async function ending(user: TestUser, query = '') {
  const response = await t.request('GET', orgPath(`/schedules/ending${query}`), { token: user.token });
  expect(response.status, response.text).toBe(200);
  return response.body as EndingSchedules;
}

const told = (list: EndingSchedules) =>
  list.items.map((item) => [item.name, item.endDate, item.renewingEnrollments]);

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date('2027-02-15T12:00:00Z'));
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  centro = (await createEstablishment(t, owner, organizationId, 'Centro')).id;
  praia = (await createEstablishment(t, owner, organizationId, 'Praia')).id;
  instructor = await addMember(t, owner, organizationId, {
    establishments: [{ establishmentId: centro, role: 'EST_INSTRUCTOR' }],
  });
  receptionistPraia = await addMember(t, owner, organizationId, {
    establishments: [{ establishmentId: praia, role: 'EST_RECEPTIONIST' }],
  });
  outsider = await createUser(t);
  renewingPlan = (await createPlan(t, owner, organizationId)).id;
  fixedTermPlan = (await createPlan(t, owner, organizationId, { name: 'Pacote', renewsAutomatically: false }))
    .id;

  await schedule('Termina em maio', centro, '2027-05-15');
  await schedule('Praia até 10 de maio', praia, '2027-05-10');
  await schedule('Um dia a mais', centro, '2027-05-16');
  await schedule('Sem renovação', centro, '2027-05-01');
  await schedule('Já terminou', centro, '2027-04-14');
  await schedule('Sem fim', centro, null);
  await enroll('Ana', 'Termina em maio');
  await enroll('Bia', 'Termina em maio', { action: { action: 'SET_RENEWAL', renewal: 'ENDS' } });
  await enroll('Caio', 'Termina em maio', { action: { action: 'CANCEL', from: '2027-04-20' } });
  await enroll('Davi', 'Termina em maio', { planId: fixedTermPlan });
  await enroll('Eva', 'Termina em maio', {
    planId: fixedTermPlan,
    action: { action: 'SET_RENEWAL', renewal: 'RENEWS' },
  });
  await enroll('Fábio', 'Praia até 10 de maio');
  await enroll('Gil', 'Um dia a mais');
  await enroll('Hugo', 'Sem renovação', { action: { action: 'SET_RENEWAL', renewal: 'ENDS' } });
  await enroll('Iris', 'Já terminou');
  await enroll('Jonas', 'Sem fim');
  // The renewals of 31 March have happened, as they would have by today.
  await settleEnrollmentStatuses(t.db, APRIL_15);
  t.setNow(APRIL_15);
});
afterAll(() => t.close());

describe('schedules ending soon', () => {
  it('lists those ending within 30 days with the enrollments that would renew, soonest first', async () => {
    const list = await ending(owner);
    expect(list).toMatchObject({ from: '2027-04-15', to: '2027-05-15' });
    expect(told(list)).toEqual([
      ['Praia até 10 de maio', '2027-05-10', 1],
      ['Termina em maio', '2027-05-15', 2],
    ]);
    expect(list.items[1]).toEqual({
      scheduleId: scheduleIds['Termina em maio'],
      name: 'Termina em maio',
      establishmentId: centro,
      establishmentName: 'Centro',
      endDate: '2027-05-15',
      renewingEnrollments: 2,
    });
  });

  it('tells a schedule 30 days ahead, not 31, in the organization’s calendar', async () => {
    // 02:00 UTC on the 16th is still the 15th in São Paulo.
    t.setNow(new Date('2027-04-16T02:00:00Z'));
    expect(told(await ending(owner)).map(([name]) => name)).not.toContain('Um dia a mais');
    t.setNow(new Date('2027-04-16T12:00:00Z'));
    expect(told(await ending(owner))).toContainEqual(['Um dia a mais', '2027-05-16', 1]);
    t.setNow(APRIL_15);
  });

  it('answers about one schedule for its page, and about nothing for another organization’s', async () => {
    const one = await ending(owner, `?scheduleId=${scheduleIds['Termina em maio']}`);
    expect(told(one)).toEqual([['Termina em maio', '2027-05-15', 2]]);
    expect((await ending(owner, `?scheduleId=${scheduleIds['Um dia a mais']}`)).items).toEqual([]);
    // The outsider's own schedule, ending soon with a renewing enrollment of theirs.
    const theirOrganization = (await createOrganization(t, outsider)).id;
    const theirs = await createEnrollableSchedule(t, outsider, theirOrganization, { endDate: '2027-05-01' });
    const theirCustomer = await createCustomer(t, outsider, theirOrganization, {
      firstName: 'Lia',
      lastName: 'Reis',
    });
    await createEnrollment(t, outsider, theirOrganization, {
      customerId: theirCustomer.id,
      planId: (await createPlan(t, outsider, theirOrganization)).id,
      scheduleId: theirs.id,
      startDate: '2027-04-19',
    });
    const inTheirs = await t.request('GET', `/organizations/${theirOrganization}/schedules/ending`, {
      token: outsider.token,
    });
    expect(inTheirs.body.items).toHaveLength(1);
    expect((await ending(owner, `?scheduleId=${theirs.id}`)).items).toEqual([]);
    const invalid = await t.request('GET', orgPath('/schedules/ending?scheduleId=x'), { token: owner.token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('shows each member the establishments where they see enrollments; refuses those who see none', async () => {
    expect(told(await ending(receptionistPraia))).toEqual([['Praia até 10 de maio', '2027-05-10', 1]]);
    const denied = await t.request('GET', orgPath('/schedules/ending'), { token: instructor.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('FORBIDDEN');
  });

  it('answers 404 to an outsider, as if the organization did not exist', async () => {
    const response = await t.request('GET', orgPath('/schedules/ending'), { token: outsider.token });
    expect(response.status).toBe(404);
  });

  it('makes churn risk count the enrollments that end with their schedule, and not those that renew on', async () => {
    const response = await t.request('GET', orgPath('/churn-risk?limit=100'), { token: owner.token });
    expect(response.status, response.text).toBe(200);
    const endings = new Map(
      (response.body as ChurnRiskList).items.flatMap((customer) =>
        customer.reasons.flatMap((reason) =>
          reason.code === 'ENROLLMENT_ENDING' ? [[customer.customerId, reason.endDate] as const] : [],
        ),
      ),
    );
    expect(endings.get(customerIds.Ana ?? '')).toBe('2027-05-15');
    expect(endings.get(customerIds.Fábio ?? '')).toBe('2027-05-10');
    // Ending the day after the window, and renewing with no end.
    expect(endings.has(customerIds.Gil ?? '')).toBe(false);
    expect(endings.has(customerIds.Jonas ?? '')).toBe(false);
  });
});
