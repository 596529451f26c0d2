import { randomUUID } from 'node:crypto';
import { WHATSAPP_TEMPLATES } from '@reformer/domain/whatsapp-templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappMessages } from '../../db/schema/index.ts';
import {
  addMember,
  createCustomer,
  createEnrollableSchedule,
  createEnrollment,
  createOrganization,
  createPlan,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Settings → Messages' monthly cost (decision 053) over HTTP on a real database: the messages the Cloud API
 * took, by Meta's category, at Meta's Brazilian prices, and the month's projection from the calendar, the
 * settings and the opt-ins.
 */

// Wednesday 10 March 2027, 09:00 in São Paulo (UTC−3).
const NOW = new Date('2027-03-10T12:00:00Z');
let t: TestApp;
let owner: TestUser;
let organizationId: string;
let otherOrganizationId: string;

const costsPath = (org = organizationId) => `/organizations/${org}/whatsapp/costs`;

async function sent(
  org: string,
  templateName: string,
  sentAt: string,
  status: 'accepted' | 'delivered' | 'failed' = 'delivered',
) {
  await t.db.insert(whatsappMessages).values({
    organizationId: org,
    id: randomUUID(),
    wamid: `wamid.${randomUUID()}`,
    customerId: null,
    toPhone: '+5511987654321',
    templateName,
    language: 'pt_BR',
    status,
    sentAt: new Date(sentAt),
    statusAt: new Date(sentAt),
  });
}

async function optIn(customerId: string) {
  const answer = await t.request(
    'PUT',
    `/organizations/${organizationId}/customers/${customerId}/whatsapp-consent`,
    {
      token: owner.token,
      body: { isOptedIn: true },
    },
  );
  expect(answer.status, answer.text).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  otherOrganizationId = (await createOrganization(t, await createUser(t))).id;
});
afterAll(() => t.close());

describe('the monthly WhatsApp cost', () => {
  it('is zero for a studio that sent nothing and reminds by e-mail only', async () => {
    const answer = await t.request('GET', costsPath(), { token: owner.token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      currency: 'USD',
      pricesAsOf: '2025-07-01',
      priceMicroDollars: { UTILITY: 6_800, MARKETING: 62_500 },
      listPriceMicroDollars: { UTILITY: 6_800, MARKETING: 62_500 },
      studioPriceMicroDollars: { UTILITY: null, MARKETING: null },
      lastMonth: { month: '2027-02', messages: { UTILITY: 0, MARKETING: 0 }, costMicroDollars: 0 },
      thisMonth: { month: '2027-03', messages: { UTILITY: 0, MARKETING: 0 }, costMicroDollars: 0 },
      projection: {
        month: '2027-03',
        messages: { UTILITY: 0, MARKETING: 0 },
        costMicroDollars: 0,
        remaining: { classReminders: 0, classNotices: 0, birthdays: 0 },
      },
    });
  });

  it('counts what was sent by category in each month of the studio, and projects the rest of this one', async () => {
    const { CLASS_CHANGED, BIRTHDAY } = WHATSAPP_TEMPLATES;
    // February in São Paulo: the 1st at 02:59 UTC is still 31 January there.
    await sent(organizationId, CLASS_CHANGED.name, '2027-02-01T02:59:00Z');
    await sent(organizationId, CLASS_CHANGED.name, '2027-02-01T03:00:00Z');
    await sent(organizationId, CLASS_CHANGED.name, '2027-02-28T23:00:00Z');
    await sent(organizationId, BIRTHDAY.name, '2027-02-14T12:00:00Z');
    // March so far: a notice, Meta's sample from "Test", a failure Meta does not bill.
    await sent(organizationId, CLASS_CHANGED.name, '2027-03-03T12:00:00Z');
    await sent(organizationId, 'hello_world', '2027-03-05T12:00:00Z', 'accepted');
    await sent(organizationId, BIRTHDAY.name, '2027-03-06T12:00:00Z', 'failed');
    await sent(otherOrganizationId, BIRTHDAY.name, '2027-03-06T12:00:00Z');

    // Mondays and Wednesdays at 07:00; two customers enrolled, one of them opted in to WhatsApp.
    const schedule = await createEnrollableSchedule(t, owner, organizationId, {
      startDate: '2027-03-01',
      endDate: '2027-06-30',
    });
    const plan = await createPlan(t, owner, organizationId);
    const ana = await createCustomer(t, owner, organizationId, {
      firstName: 'Ana',
      lastName: 'Souza',
      phone: '(11) 98765-4321',
      dateOfBirth: '1990-03-20',
    });
    const bia = await createCustomer(t, owner, organizationId, {
      firstName: 'Bia',
      lastName: 'Lima',
      dateOfBirth: '1991-03-25',
    });
    for (const customer of [ana, bia])
      await createEnrollment(t, owner, organizationId, {
        customerId: customer.id,
        planId: plan.id,
        scheduleId: schedule.id,
        startDate: '2027-03-01',
      });
    await optIn(ana.id);

    const reminders = await t.request('PUT', `/organizations/${organizationId}/events/config/class-notices`, {
      token: owner.token,
      body: {
        reminderHours: 24,
        reminderChannels: ['EMAIL', 'WHATSAPP'],
        changeNoticeEnabled: true,
        changeChannels: ['EMAIL', 'WHATSAPP'],
      },
    });
    expect(reminders.status, reminders.text).toBe(200);
    const birthdays = await t.request('PUT', `/organizations/${organizationId}/events/config/birthdays`, {
      token: owner.token,
      body: {
        enabled: true,
        timing: 'ON_DAY',
        days: 0,
        sendTime: '08:00',
        channels: ['WHATSAPP'],
        template: 'Feliz aniversário, {customerName}!',
      },
    });
    expect(birthdays.status, birthdays.text).toBe(200);

    const answer = await t.request('GET', costsPath(), { token: owner.token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.lastMonth).toEqual({
      month: '2027-02',
      messages: { UTILITY: 2, MARKETING: 1 },
      costMicroDollars: 2 * 6_800 + 62_500,
    });
    expect(answer.body.thisMonth).toEqual({
      month: '2027-03',
      messages: { UTILITY: 2, MARKETING: 0 },
      costMicroDollars: 2 * 6_800,
    });
    // Ana's reminders of 15, 17, 22, 24, 29 and 31 March (those before tomorrow 09:00 went already), one
    // notice to match February's two, and Ana's birthday on the 20th; Bia did not opt in.
    expect(answer.body.projection).toEqual({
      month: '2027-03',
      messages: { UTILITY: 2 + 6 + 1, MARKETING: 1 },
      costMicroDollars: 9 * 6_800 + 62_500,
      remaining: { classReminders: 6, classNotices: 1, birthdays: 1 },
    });
  });

  it('is read with VIEW_SETTINGS: the instructor is refused, another organization is 404', async () => {
    const instructor = await addMember(t, owner, organizationId, { role: 'ORG_MEDICAL_PROFESSIONAL' });
    const refused = await t.request('GET', costsPath(), { token: instructor.token });
    expect(refused.status).toBe(403);
    const viewer = await addMember(t, owner, organizationId, { role: 'ORG_VIEWER' });
    expect((await t.request('GET', costsPath(), { token: viewer.token })).status).toBe(200);
    const outsider = await t.request('GET', costsPath(otherOrganizationId), { token: owner.token });
    expect(outsider.status).toBe(404);
  });

  it("is estimated at the prices the studio enters, blank being Meta's list price", async () => {
    const saved = await t.request('PUT', costsPath(), {
      token: owner.token,
      body: { UTILITY: 5_000, MARKETING: null },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.priceMicroDollars).toEqual({ UTILITY: 5_000, MARKETING: 62_500 });
    expect(saved.body.studioPriceMicroDollars).toEqual({ UTILITY: 5_000, MARKETING: null });
    // February's two notices and a birthday (the test above), at the studio's utility price.
    expect(saved.body.lastMonth.costMicroDollars).toBe(2 * 5_000 + 62_500);

    const read = await t.request('GET', costsPath(), { token: owner.token });
    expect(read.body).toEqual(saved.body);

    const both = await t.request('PUT', costsPath(), {
      token: owner.token,
      body: { UTILITY: 10_000, MARKETING: 50_000 },
    });
    expect(both.status, both.text).toBe(200);
    expect(both.body.lastMonth.costMicroDollars).toBe(2 * 10_000 + 50_000);
    expect(both.body.projection.costMicroDollars).toBe(
      both.body.projection.messages.UTILITY * 10_000 + both.body.projection.messages.MARKETING * 50_000,
    );

    const cleared = await t.request('PUT', costsPath(), {
      token: owner.token,
      body: { UTILITY: null, MARKETING: null },
    });
    expect(cleared.body.priceMicroDollars).toEqual({ UTILITY: 6_800, MARKETING: 62_500 });
    expect(cleared.body.lastMonth.costMicroDollars).toBe(2 * 6_800 + 62_500);
  });

  it('refuses a negative or absurd price with 400 and changes nothing', async () => {
    for (const body of [
      { UTILITY: -1, MARKETING: null },
      { UTILITY: null, MARKETING: 1_000_001 },
      { UTILITY: 0.5, MARKETING: null },
      { UTILITY: null },
    ]) {
      const refused = await t.request('PUT', costsPath(), { token: owner.token, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.code).toBe('VALIDATION_FAILED');
    }
    const read = await t.request('GET', costsPath(), { token: owner.token });
    expect(read.body.studioPriceMicroDollars).toEqual({ UTILITY: null, MARKETING: null });
  });

  it('is priced with MANAGE_SETTINGS: a viewer is refused, another organization is 404', async () => {
    const viewer = await addMember(t, owner, organizationId, { role: 'ORG_VIEWER' });
    const body = { UTILITY: 1, MARKETING: 1 };
    const refused = await t.request('PUT', costsPath(), { token: viewer.token, body });
    expect(refused.status).toBe(403);
    const outsider = await t.request('PUT', costsPath(otherOrganizationId), { token: owner.token, body });
    expect(outsider.status).toBe(404);
    const read = await t.request('GET', costsPath(), { token: owner.token });
    expect(read.body.studioPriceMicroDollars).toEqual({ UTILITY: null, MARKETING: null });
  });
});
