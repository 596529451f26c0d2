import { expect } from 'vitest';
import type { TestUser } from '../test/factories.ts';
import type { TestApp } from '../test/test-app.ts';

/** A pack plan and one purchase of it by `customerId` (decision 029): what the purchase operations name. */
export async function seedPurchase(
  t: TestApp,
  owner: TestUser,
  place: { orgId: string; customerId: string; mark: string },
) {
  const orgPath = `/organizations/${place.orgId}`;
  const plan = await t.request('POST', `${orgPath}/customer-plans`, {
    token: owner.token,
    body: {
      name: `Pack ${place.mark}`,
      description: 'Ten classes',
      priceCents: 90_000,
      currency: 'BRL',
      billingCycle: 'MONTHLY',
      features: ['Reformer'],
      kind: 'PACK',
      classCount: 10,
      validityDays: 90,
    },
  });
  expect(plan.status, plan.text).toBe(201);
  const sold = await t.request('POST', `${orgPath}/purchases`, {
    token: owner.token,
    body: { customerId: place.customerId, planId: plan.body.id, notes: `Sold ${place.mark}` },
  });
  expect(sold.status, sold.text).toBe(201);
  return { packPlan: plan.body.id as string, purchase: sold.body.id as string };
}
