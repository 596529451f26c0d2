import { randomBytes } from 'node:crypto';
import { MEDICAL_RECORD_EXAMPLES } from '@reformer/domain/medical-records-examples';
import { expect } from 'vitest';
import { createCustomer, createSchedule, scheduleBody, type TestUser, tokenOf } from '../test/factories.ts';
import type { TestApp } from '../test/test-app.ts';
import { seedClassLink } from './seed-class-link.ts';
import { seedPurchase } from './seed-purchase.ts';
import { seedWaitlist } from './seed-waitlist.ts';

type Base = {
  owner: TestUser;
  orgId: string;
  mark: string;
  establishmentId: string;
  staffUserId: string;
  withSchedules: boolean;
};

/**
 * The objects an operation can name, at the main establishment: a pending invitation, a customer, a
 * customer on a session's roster, a plan, a schedule and its sessions, the roster customer's enrollment
 * in that schedule and a payment for it, a medical record of the first customer, a make-up credit the roster
 * customer earned by cancelling a later session, a no-credit date, a one-seat class with a waitlist entry
 * whose offer was declined, the roster customer's class link, a pack plan sold to the first customer; and the
 * organization's PIX details. The fuzzing suite makes a new set after every batch that wrote something, since its requests may
 * delete, refund or change them.
 */
export async function seedObjects(t: TestApp, base: Base) {
  const { owner, orgId, mark } = base;
  const unique = `${mark}${randomBytes(3).toString('hex')}`;
  const invited = await t.request('POST', `/organizations/${orgId}/staff/invite`, {
    token: owner.token,
    body: {
      email: `invitee-${unique}@example.com`,
      role: null,
      establishments: [{ establishmentId: base.establishmentId, role: 'EST_VIEWER' }],
    },
  });
  expect(invited.status, invited.text).toBe(201);
  const customerName = `Customer${unique}`;
  const customer = await createCustomer(t, owner, orgId, {
    firstName: `Alice${mark}`,
    lastName: customerName,
    email: `customer-${unique}@example.com`,
    // A birthday in the events' 30-day window, so the birthday list and its messages show this tenant's data.
    dateOfBirth: birthdayInTenDays(),
  });
  const rosterCustomer = await createCustomer(t, owner, orgId, {
    firstName: `Bia${mark}`,
    lastName: `Roster${mark}`,
    email: `roster-${unique}@example.com`,
  });
  const plan = await t.request('POST', `/organizations/${orgId}/customer-plans`, {
    token: owner.token,
    // The seeded class meets every day: a plan of seven a week lets its enrollments fit the weekly limit.
    body: { ...planBody(`Plan ${unique}`), weeklySessionsLimit: 7 },
  });
  expect(plan.status, plan.text).toBe(201);
  const scheduling = base.withSchedules
    ? await seedScheduling(t, owner, { ...base, mark: unique })
    : { schedule: '', session: '', sessionIds: [] };
  if (scheduling.session) await addToSession(t, owner, orgId, scheduling.session, rosterCustomer.id);
  // Enrolled after being added: a customer already enrolled in the class cannot be added to its session.
  const place = { customerId: rosterCustomer.id, planId: plan.body.id, scheduleId: scheduling.schedule };
  const enrollment = scheduling.session ? await enroll(t, owner, orgId, place, `Notes ${unique}`) : '';
  if (enrollment) await cancelForCredit(t, owner, orgId, scheduling.sessionIds[1], rosterCustomer.id);
  const waitlist = base.withSchedules
    ? await seedWaitlist(
        t,
        owner,
        { ...base, mark: unique },
        { waiting: customer.id, seated: rosterCustomer.id },
      )
    : { waitlistSession: '', waitlistEntry: '', waitlistOfferToken: '' };
  const canceledSessionId = enrollment ? scheduling.sessionIds[1] : undefined;
  const classLink = canceledSessionId
    ? await seedClassLink(t, owner, { orgId, customerId: rosterCustomer.id, canceledSessionId })
    : { classLinkToken: '', classLinkSession: '', portalSession: '' };
  const paid = { customerId: rosterCustomer.id, enrollmentId: enrollment };
  const payment = enrollment ? await pay(t, owner, orgId, paymentBody(paid, null, `Paid ${unique}`)) : '';
  const customerPath = `/organizations/${orgId}/customers/${customer.id}`;
  const medicalRecord = await addMedicalRecord(t, owner, customerPath, unique);
  await setPixSettings(t, owner, orgId, unique);
  await addNoCreditDate(t, owner, `/organizations/${orgId}/establishments/${base.establishmentId}`, unique);
  await markBirthdaySent(t, owner, orgId, customer.id);
  const purchase = await seedPurchase(t, owner, { orgId, customerId: customer.id, mark: unique });
  return {
    ...purchase,
    invitation: invited.body.id as string,
    invitationToken: tokenOf(invited.body.inviteUrl),
    customer: customer.id,
    rosterCustomer: rosterCustomer.id,
    customerName,
    plan: plan.body.id as string,
    ...scheduling,
    enrollment,
    payment,
    medicalRecord,
    ...waitlist,
    ...classLink,
  };
}

export function planBody(name: string) {
  return {
    name,
    description: 'Two classes a week',
    priceCents: 24_900,
    currency: 'BRL',
    billingCycle: 'MONTHLY',
    features: ['Reformer'],
    weeklySessionsLimit: 2,
  };
}

/** Born 28 years before the day 10 days from now (a multiple of 4, so 29 February stays a day). */
function birthdayInTenDays(): string {
  const day = dateFromToday(10);
  return `${Number(day.slice(0, 4)) - 28}${day.slice(4)}`;
}

/**
 * The customer's birthday marked as sent, so the history and the events' lists carry a message of this
 * tenant. The organization's zone may still be on yesterday: the birthday is this year's or next year's.
 */
async function markBirthdaySent(t: TestApp, owner: TestUser, orgId: string, customerId: string) {
  const list = await t.request('GET', `/organizations/${orgId}/events/birthdays`, { token: owner.token });
  expect(list.status, list.text).toBe(200);
  const row = (list.body.items as { customerId: string; birthday: string }[]).find(
    (item) => item.customerId === customerId,
  );
  const marked = await t.request('POST', `/organizations/${orgId}/events/birthdays/${customerId}/sent`, {
    token: owner.token,
    body: { occasionDate: row?.birthday },
  });
  expect(marked.status, marked.text).toBe(201);
}

/** A date `days` from today (UTC), as the API writes dates. */
export function dateFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

type Scheduling = { orgId: string; mark: string; establishmentId: string; staffUserId: string };

/** A weekly class a month ahead, its generated sessions, and the first of them. */
export async function seedScheduling(t: TestApp, owner: TestUser, place: Scheduling) {
  const startDate = dateFromToday(30);
  const endDate = dateFromToday(58);
  const schedule = await createSchedule(
    t,
    owner,
    place.orgId,
    scheduleBody(place.establishmentId, place.staffUserId, {
      name: `Class ${place.mark}`,
      startDate,
      endDate,
      daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    }),
  );
  const query = new URLSearchParams({ from: startDate, to: endDate, scheduleId: schedule.id });
  const sessions = await t.request('GET', `/organizations/${place.orgId}/sessions?${query}`, {
    token: owner.token,
  });
  expect(sessions.status, sessions.text).toBe(200);
  const items = sessions.body.items as { id: string }[];
  expect(items.length).toBeGreaterThan(0);
  return { schedule: schedule.id, session: items[0]?.id ?? '', sessionIds: items.map((item) => item.id) };
}

type Placement = { customerId: string; planId: string; scheduleId: string };

/** An enrollment over every session of the seeded schedule (days 30 to 58), with an end date of its own. */
export function enrollmentBody(placement: Placement, notes: string) {
  return { ...placement, startDate: dateFromToday(30), endDate: dateFromToday(58), notes };
}

async function enroll(t: TestApp, owner: TestUser, orgId: string, placement: Placement, notes: string) {
  const enrolled = await t.request('POST', `/organizations/${orgId}/enrollments`, {
    token: owner.token,
    body: enrollmentBody(placement, notes),
  });
  expect(enrolled.status, enrolled.text).toBe(201);
  return enrolled.body.id as string;
}

type Paid = { customerId: string; enrollmentId: string };

/** A COMPLETED payment (so it can be refunded) of the plan's price; no `cycleStart`: the first unpaid one. */
export function paymentBody(paid: Paid, cycleStart: string | null, notes: string) {
  const amount = { amountCents: 24_900, currency: 'BRL', paidOn: dateFromToday(0) };
  return { ...paid, cycleStart, ...amount, method: 'PIX', status: 'COMPLETED', notes };
}

async function pay(t: TestApp, owner: TestUser, orgId: string, body: ReturnType<typeof paymentBody>) {
  const paid = await t.request('POST', `/organizations/${orgId}/payments`, { token: owner.token, body });
  expect(paid.status, paid.text).toBe(201);
  return paid.body.id as string;
}

/** An OTHER record (the shortest document) whose title and description carry `mark`. */
export function medicalRecordBody(mark: string) {
  return { ...MEDICAL_RECORD_EXAMPLES.OTHER, title: `Record ${mark}`, description: `Chart ${mark}` };
}

/** `customerPath`: /organizations/{orgId}/customers/{customerId}. */
async function addMedicalRecord(t: TestApp, owner: TestUser, customerPath: string, unique: string) {
  const body = medicalRecordBody(unique);
  const added = await t.request('POST', `${customerPath}/medical-records`, { token: owner.token, body });
  expect(added.status, added.text).toBe(201);
  return added.body.id as string;
}

/**
 * A key and a merchant name that carry the mark, so an answer showing them to another tenant is caught. Set
 * with every new set of objects: the fuzzer's writes may have cleared them.
 */
async function setPixSettings(t: TestApp, owner: TestUser, orgId: string, unique: string) {
  const saved = await t.request('PUT', `/organizations/${orgId}/pix-settings`, {
    token: owner.token,
    body: { pixKey: `pix-${unique}@example.com`, pixMerchantName: unique, pixMerchantCity: 'Sao Paulo' },
  });
  expect(saved.status, saved.text).toBe(200);
}

/**
 * The roster customer cancels a later session of their class, a month ahead: a make-up credit of this tenant
 * (unless the fuzzer's settings give none), which their credits list shows with the session's id.
 */
async function cancelForCredit(
  t: TestApp,
  owner: TestUser,
  orgId: string,
  sessionId: string | undefined,
  customerId: string,
) {
  if (!sessionId) return;
  const canceled = await t.request(
    'PUT',
    `/organizations/${orgId}/sessions/${sessionId}/attendance/${customerId}`,
    {
      token: owner.token,
      body: { status: 'CANCELED' },
    },
  );
  expect(canceled.status, canceled.text).toBe(200);
}

/** Christmas as a no-credit date of the main establishment, named with the mark. */
async function addNoCreditDate(t: TestApp, owner: TestUser, establishmentPath: string, unique: string) {
  const saved = await t.request('PUT', `${establishmentPath}/no-credit-dates/2027-12-25`, {
    token: owner.token,
    body: { name: `Holiday ${unique}` },
  });
  expect(saved.status, saved.text).toBe(200);
}

export async function addToSession(
  t: TestApp,
  owner: TestUser,
  orgId: string,
  sessionId: string,
  customerId: string,
) {
  const added = await t.request('POST', `/organizations/${orgId}/sessions/${sessionId}/customers`, {
    token: owner.token,
    body: { customerIds: [customerId], reason: 'TRIAL_CLASS' },
  });
  expect(added.status, added.text).toBe(201);
}
