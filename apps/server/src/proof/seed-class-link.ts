import { expect } from 'vitest';
import type { TestUser } from '../test/factories.ts';
import type { TestApp } from '../test/test-app.ts';

/**
 * The roster customer's class link (decision 025), and the session whose place they already canceled (a
 * cancellation answers it again and writes nothing), so its public operations can be called by anyone
 * holding the token. Staff operations name the other customer, so they never replace this link.
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
  const url = made.body.url as string;
  const token = url.slice(url.lastIndexOf('/') + 1);
  const again = await t.request('POST', `/my-classes/${token}/sessions/${place.canceledSessionId}/cancel`);
  expect(again.status, again.text).toBe(200);
  return { classLinkToken: token, classLinkSession: place.canceledSessionId };
}
