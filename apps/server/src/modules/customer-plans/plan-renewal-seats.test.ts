import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudio, enrollNewCustomer, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Decision 013 with renewals (issue #26 §1): switching a plan to renew by itself gives its enrollments their
// seats in every later session, so the switch is refused when one of them would need a seat that is taken.
let t: TestApp;
let studio: Studio;

const plan = {
  name: 'Mensal',
  description: 'Duas aulas por semana',
  priceCents: 34_900,
  currency: 'BRL',
  billingCycle: 'MONTHLY',
  features: ['Reformer'],
  weeklySessionsLimit: null,
  renewsAutomatically: false,
};

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date('2027-03-01T12:00:00Z'));
  studio = await createStudio(t, {
    schedule: { startDate: '2027-03-01', endDate: '2027-12-31', capacity: 1 },
    plan,
  });
});
afterAll(() => t.close());

const switchRenewal = (renewsAutomatically: boolean) =>
  t.request('PUT', `/organizations/${studio.organizationId}/customer-plans/${studio.planId}`, {
    token: studio.owner.token,
    body: { ...plan, renewsAutomatically },
  });

describe("switching a plan's enrollments to renew by themselves", () => {
  it('is refused while one would need a seat someone holds after its period, and changes nothing', async () => {
    // March's only seat is Ana's; from April the seat is Bia's, who enrolled once Ana's month was to end.
    const ana = await enrollNewCustomer(t, studio, { startDate: '2027-03-01' }, { firstName: 'Ana' });
    await enrollNewCustomer(
      t,
      studio,
      { startDate: '2027-04-01', endDate: '2027-06-30' },
      { firstName: 'Bia' },
    );
    const refused = await switchRenewal(true);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'PLAN_RENEWAL_FULL',
      details: { customerId: ana.customerId },
    });
    expect(refused.body.error.details.dates[0]).toBe('2027-04-05');
    const plans = await t.request('GET', `/organizations/${studio.organizationId}/customer-plans`, {
      token: studio.owner.token,
    });
    expect(plans.body.find((item: { id: string }) => item.id === studio.planId).renewsAutomatically).toBe(
      false,
    );
    const enrollment = await t.request(
      'GET',
      `/organizations/${studio.organizationId}/enrollments/${ana.enrollmentId}`,
      { token: studio.owner.token },
    );
    expect(enrollment.body.planRenewsAutomatically).toBe(false);
  });

  it('goes through once the seats are free (the later enrollment ended)', async () => {
    const other = await createStudio(t, {
      schedule: { startDate: '2027-03-01', endDate: '2027-12-31', capacity: 1 },
      plan,
    });
    await enrollNewCustomer(t, other, { startDate: '2027-03-01' }, { firstName: 'Clara' });
    const switched = await t.request(
      'PUT',
      `/organizations/${other.organizationId}/customer-plans/${other.planId}`,
      {
        token: other.owner.token,
        body: { ...plan, renewsAutomatically: true },
      },
    );
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body.renewsAutomatically).toBe(true);
  });
});
