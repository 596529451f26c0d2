import { expect } from 'vitest';
import { portalClient, tokenOf } from '../modules/portal/portal-client.ts';
import type { TestUser } from '../test/factories.ts';
import type { TestApp } from '../test/test-app.ts';

/**
 * The roster customer's portal link (decisions 025, 039), and the session whose place they already canceled
 * (cancelling again through the portal answers it and writes nothing). Staff operations name the other customer, so they never replace this link.
 */
export async function seedClassLink(
  t: TestApp,
  owner: TestUser,
  place: { orgId: string; customerId: string; canceledSessionId: string },
) {
  const made = await t.request(
    'POST',
    `/organizations/${place.orgId}/customers/${place.customerId}/class-link`,
    {
      token: owner.token,
    },
  );
  expect(made.status, made.text).toBe(201);
  const token = tokenOf(made.body.url as string);
  const customer = portalClient(t);
  expect((await customer.open(token)).status).toBe(200);
  const again = await customer.request('POST', `/sessions/${place.canceledSessionId}/cancel`);
  expect(again.status, again.text).toBe(200);
  return { classLinkToken: token, classLinkSession: place.canceledSessionId };
}
