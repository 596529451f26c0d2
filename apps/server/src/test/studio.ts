import {
  createCustomer,
  createEnrollableSchedule,
  createEnrollment,
  createOrganization,
  createPlan,
  createUser,
  type TestUser,
} from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * The set-up most money and attendance tests share (issue #27 item 21): an owner's organization with a class
 * customers can enroll in (an establishment and an instructor teaching there) and a plan, all through the API.
 * `schedule` and `plan` override their fields (factories' `scheduleBody` and `createPlan`).
 */
export async function createStudio(
  t: TestApp,
  options: { schedule?: Record<string, unknown>; plan?: Record<string, unknown> } = {},
) {
  const owner = await createUser(t);
  const organizationId = (await createOrganization(t, owner)).id;
  const schedule = await createEnrollableSchedule(t, owner, organizationId, options.schedule);
  const plan = await createPlan(t, owner, organizationId, options.plan);
  return { owner, organizationId, scheduleId: schedule.id, planId: plan.id };
}

export type Studio = Awaited<ReturnType<typeof createStudio>>;

let customerNumber = 0;

/**
 * A new customer of the studio enrolled in its class: `customer` adds or overrides the customer's fields (each
 * gets a distinct last name), `enrollment` the enrollment's (its plan is the studio's unless given).
 */
export async function enrollNewCustomer(
  t: TestApp,
  studio: { owner: TestUser; organizationId: string; scheduleId: string; planId: string },
  enrollment: { startDate: string; endDate?: string; planId?: string },
  customer: Record<string, unknown> = {},
) {
  customerNumber += 1;
  const { id: customerId } = await createCustomer(t, studio.owner, studio.organizationId, {
    firstName: 'Cliente',
    lastName: `N${customerNumber}`,
    ...customer,
  });
  const enrollmentId = await createEnrollment(t, studio.owner, studio.organizationId, {
    customerId,
    planId: enrollment.planId ?? studio.planId,
    scheduleId: studio.scheduleId,
    startDate: enrollment.startDate,
    ...(enrollment.endDate ? { endDate: enrollment.endDate } : {}),
  });
  return { customerId, enrollmentId };
}
