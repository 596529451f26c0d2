import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { addCustomer, createStudio, type Studio } from '../../test/studio.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type PortalClient, portalClient, tokenOf } from '../portal/portal-client.ts';

/**
 * The customer's own WhatsApp opt-in in the portal's profile (decision 053): source PORTAL with its time,
 * audited with the portal session; staff read the same answer; marketing stays decision 043's consent.
 */

let t: TestApp;
let studio: Studio;
const NOW = new Date('2027-03-01T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  t.setNow(NOW);
  studio = await createStudio(t, { organizationName: 'Studio Sol' });
}, 120_000);
afterAll(() => t.close());

const staffPath = (customerId: string) =>
  `/organizations/${studio.organizationId}/customers/${customerId}/whatsapp-consent`;

async function signedInAs(customerId: string): Promise<PortalClient> {
  const path = `/organizations/${studio.organizationId}/customers/${customerId}/class-link`;
  const made = await t.request('POST', path, { token: studio.owner.token });
  expect(made.status, made.text).toBe(201);
  const client = portalClient(t);
  expect((await client.open(tokenOf(made.body.url as string))).status).toBe(200);
  return client;
}

describe('WhatsApp messages in the portal profile', () => {
  it('records the customer’s answer with source PORTAL, which staff read, and audits it', async () => {
    const customer = await addCustomer(t, studio, { phone: '+5511987654321' });
    const client = await signedInAs(customer.id);
    const before = await client.request('GET', '/whatsapp-consent');
    expect(before.status, before.text).toBe(200);
    expect(before.body).toEqual({
      isOptedIn: null,
      source: null,
      changedAt: null,
      hasWaId: false,
      marketingConsent: null,
    });

    const optedIn = await client.request('PUT', '/whatsapp-consent', { isOptedIn: true });
    expect(optedIn.status, optedIn.text).toBe(200);
    expect(optedIn.body).toMatchObject({ isOptedIn: true, source: 'PORTAL', changedAt: NOW.toISOString() });
    const marketing = await client.request('PUT', '/consents/MARKETING_MESSAGES', { isGiven: false });
    expect(marketing.status, marketing.text).toBe(200);

    const staff = await t.request('GET', staffPath(customer.id), { token: studio.owner.token });
    expect(staff.body).toMatchObject({ isOptedIn: true, source: 'PORTAL', marketingConsent: false });

    const optedOut = await client.request('PUT', '/whatsapp-consent', { isOptedIn: false });
    expect(optedOut.body).toMatchObject({ isOptedIn: false, source: 'PORTAL' });
    const audited = await t.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, studio.organizationId), eq(auditLog.entityId, customer.id)));
    const answers = audited.filter((entry) => entry.action.startsWith('whatsapp.'));
    expect(answers.map((entry) => entry.action).sort()).toEqual(['whatsapp.opted_in', 'whatsapp.opted_out']);
    for (const entry of answers) expect(entry.details).toMatchObject({ source: 'PORTAL' });
  });

  it('needs the portal session: none is 401, a member’s token opens nothing, a bad body is 400', async () => {
    const anonymous = await portalClient(t).request('PUT', '/whatsapp-consent', { isOptedIn: true });
    expect(anonymous.status).toBe(401);
    const staff = await t.request('GET', '/portal/whatsapp-consent', { token: studio.owner.token });
    expect(staff.status).toBe(401);
    const customer = await addCustomer(t, studio, {});
    const client = await signedInAs(customer.id);
    const bad = await client.request('PUT', '/whatsapp-consent', { isOptedIn: 'yes' });
    expect(bad.status).toBe(400);
    expect((await client.request('GET', '/whatsapp-consent')).body.isOptedIn).toBeNull();
  });
});
