import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { portalSessions } from '../db/schema/portal.ts';
import { portalClient, tokenOf } from '../modules/portal/portal-client.ts';
import type { TestUser } from '../test/factories.ts';
import type { TestApp } from '../test/test-app.ts';
import { seedHealthQuestionnaire } from './seed-health-questionnaire.ts';
import { seedPortalProfile } from './seed-portal-profile.ts';

/**
 * The roster customer's portal link (decisions 025, 039), and the session whose place they already canceled
 * (cancelling again through the portal answers it and writes nothing), and the portal session the link opened
 * (staff's "end session" names it). Staff's link operations name the other customer, so they never replace
 * this link. The same visit sends the health questionnaire.
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
  await seedHealthQuestionnaire(t, owner, place.orgId, customer);
  await seedPortalProfile(customer);
  // The exchange answers the cookie only, never the session's id: staff read it from their list.
  const [opened] = await t.db
    .select({ id: portalSessions.id })
    .from(portalSessions)
    .where(
      and(eq(portalSessions.organizationId, place.orgId), eq(portalSessions.customerId, place.customerId)),
    )
    .orderBy(desc(portalSessions.createdAt))
    .limit(1);
  if (!opened) throw new Error('the exchange opened no portal session');
  return { classLinkToken: token, classLinkSession: place.canceledSessionId, portalSession: opened.id };
}
