import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthDataConsents, whatsappConsents } from '../../db/schema/index.ts';
import { createCustomer, createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The data-subject export (decision 021) carries the consents outside the contract (decision 053): the
 * WhatsApp opt-in with its source, time and Meta's id of the number, and each consent to process health data.
 */

const NOW = new Date('2027-03-20T12:00:00Z');
let t: TestApp;
let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
});
afterAll(() => t.close());

const exportOf = async (customerId: string) => {
  const answer = await t.request(
    'GET',
    `/organizations/${organizationId}/customers/${customerId}/data-export`,
    {
      token: owner.token,
    },
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};

describe('the consents of the data-subject export', () => {
  it('says a customer never asked was never asked, and lists no health-data consent', async () => {
    const customer = await createCustomer(t, owner, organizationId, { firstName: 'Caio', lastName: 'Reis' });
    const data = await exportOf(customer.id);
    expect(data.whatsappConsent).toEqual({ isOptedIn: null, source: null, changedAt: null, waId: null });
    expect(data.healthDataConsents).toEqual([]);
  });

  it('lists the WhatsApp answer with its source, time and wa_id, and every health-data consent newest first', async () => {
    const customer = await createCustomer(t, owner, organizationId, {
      firstName: 'Ana',
      lastName: 'Souza',
      phone: '(21) 98765-4321',
    });
    const answered = await t.request(
      'PUT',
      `/organizations/${organizationId}/customers/${customer.id}/whatsapp-consent`,
      { token: owner.token, body: { isOptedIn: true } },
    );
    expect(answered.status, answered.text).toBe(200);
    // What a first delivery's status teaches (whatsapp-messages.ts), written as it would.
    await t.db
      .update(whatsappConsents)
      .set({ waId: '552198765432' })
      .where(
        and(
          eq(whatsappConsents.organizationId, organizationId),
          eq(whatsappConsents.customerId, customer.id),
        ),
      );
    const evidence = { language: 'pt_BR', ipAddress: '203.0.113.9', userAgent: 'Safari on iPhone' };
    for (const [day, sha] of [
      ['2027-03-01T12:00:00Z', 'a'.repeat(64)],
      ['2027-03-10T12:00:00Z', 'b'.repeat(64)],
    ] as const)
      await t.db.insert(healthDataConsents).values({
        organizationId,
        id: randomUUID(),
        customerId: customer.id,
        portalSessionId: randomUUID(),
        textSha256: sha,
        consentedAt: new Date(day),
        ...evidence,
      });

    const data = await exportOf(customer.id);
    expect(data.whatsappConsent).toEqual({
      isOptedIn: true,
      source: 'STAFF',
      changedAt: NOW.toISOString(),
      waId: '552198765432',
    });
    expect(data.healthDataConsents).toEqual([
      { consentedAt: '2027-03-10T12:00:00.000Z', textSha256: 'b'.repeat(64), ...evidence },
      { consentedAt: '2027-03-01T12:00:00.000Z', textSha256: 'a'.repeat(64), ...evidence },
    ]);
  });
});
