import { randomUUID } from 'node:crypto';
import { completeCpf } from '@reformer/domain/cpf';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

export type TestUser = { id: string; email: string; token: string; cookie: string };

/** Signs up through the real auth endpoint and exchanges the session cookie for a bearer token. */
export async function createUser(
  t: TestApp,
  overrides: { email?: string; firstName?: string; lastName?: string; password?: string } = {},
): Promise<TestUser> {
  const email = overrides.email ?? `user-${randomUUID()}@example.com`;
  const signUp = await t.request('POST', '/auth/sign-up/email', {
    body: {
      email,
      password: overrides.password ?? 'correct horse battery',
      firstName: overrides.firstName ?? 'Ana',
      lastName: overrides.lastName ?? 'Souza',
    },
  });
  expect(signUp.status, signUp.text).toBe(200);
  const cookie = sessionCookie(signUp.headers);
  const token = await exchangeToken(t, cookie);
  return { id: signUp.body.user.id, email, token, cookie };
}

export function sessionCookie(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export async function exchangeToken(t: TestApp, cookie: string): Promise<string> {
  const response = await t.request('GET', '/auth/token', { headers: { cookie } });
  expect(response.status, response.text).toBe(200);
  return response.body.token;
}

export async function createOrganization(
  t: TestApp,
  owner: TestUser,
  name = `Studio ${randomUUID().slice(0, 8)}`,
) {
  const response = await t.request('POST', '/organizations', {
    token: owner.token,
    body: { name, description: 'Pilates' },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; name: string };
}

export async function createEstablishment(
  t: TestApp,
  owner: TestUser,
  organizationId: string,
  name = 'Centro',
) {
  const response = await t.request('POST', `/organizations/${organizationId}/establishments`, {
    token: owner.token,
    body: { name },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; name: string };
}

type Grant = { role?: string | null; establishments?: { establishmentId: string; role: string }[] };

/** Brings a new user into an organization through the real invite-and-accept flow. */
export async function addMember(
  t: TestApp,
  inviter: TestUser,
  organizationId: string,
  grant: Grant,
  profile: { firstName?: string; lastName?: string } = {},
) {
  const member = await createUser(t, profile);
  const invited = await t.request('POST', `/organizations/${organizationId}/staff/invite`, {
    token: inviter.token,
    body: { email: member.email, role: grant.role ?? null, establishments: grant.establishments ?? [] },
  });
  expect(invited.status, invited.text).toBe(201);
  const accepted = await t.request('POST', `/invitations/accept/${tokenOf(invited.body.inviteUrl)}`, {
    token: member.token,
  });
  expect(accepted.status, accepted.text).toBe(200);
  return member;
}

export function tokenOf(inviteUrl: string): string {
  return inviteUrl.split('/staff-invite/')[1] ?? '';
}

export async function createCustomer(
  t: TestApp,
  user: TestUser,
  organizationId: string,
  body: Record<string, unknown>,
) {
  const response = await t.request('POST', `/organizations/${organizationId}/customers`, {
    token: user.token,
    body,
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; firstName: string; lastName: string };
}

/** A weekly group class at `establishmentId` taught by `staffUserId`; any field can be overridden. */
export function scheduleBody(
  establishmentId: string,
  staffUserId: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    name: 'Reformer Iniciante',
    type: 'GROUP',
    establishmentId,
    staffUserId,
    capacity: 6,
    startTime: '07:00',
    endTime: '08:00',
    startDate: '2027-03-01',
    endDate: '2027-06-30',
    recurrenceType: 'WEEKLY',
    daysOfWeek: [1, 3],
    ...overrides,
  };
}

export async function createSchedule(
  t: TestApp,
  user: TestUser,
  organizationId: string,
  body: Record<string, unknown>,
) {
  const response = await t.request('POST', `/organizations/${organizationId}/schedules`, {
    token: user.token,
    body,
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; name: string; establishmentId: string; capacity: number };
}

/**
 * A class customers can enroll in, with what it needs: an establishment and an instructor teaching there.
 * `overrides` go to the schedule (scheduleBody's fields).
 */
export async function createEnrollableSchedule(
  t: TestApp,
  owner: TestUser,
  organizationId: string,
  overrides: Record<string, unknown> = {},
) {
  const establishmentId = (await createEstablishment(t, owner, organizationId)).id;
  const instructor = await addMember(t, owner, organizationId, {
    establishments: [{ establishmentId, role: 'EST_INSTRUCTOR' }],
  });
  return createSchedule(t, owner, organizationId, scheduleBody(establishmentId, instructor.id, overrides));
}

/** An enrollment through the API; its id. */
export async function createEnrollment(
  t: TestApp,
  user: TestUser,
  organizationId: string,
  body: { customerId: string; planId: string; scheduleId: string; startDate: string; endDate?: string },
) {
  const response = await t.request('POST', `/organizations/${organizationId}/enrollments`, {
    token: user.token,
    body,
  });
  expect(response.status, response.text).toBe(201);
  return response.body.id as string;
}

/** An active monthly plan; any field can be overridden. */
export async function createPlan(
  t: TestApp,
  user: TestUser,
  organizationId: string,
  overrides: Record<string, unknown> = {},
) {
  const response = await t.request('POST', `/organizations/${organizationId}/customer-plans`, {
    token: user.token,
    body: {
      name: 'Mensal 2x',
      description: 'Duas aulas por semana',
      priceCents: 34_900,
      currency: 'BRL',
      billingCycle: 'MONTHLY',
      features: ['Reformer'],
      weeklySessionsLimit: 2,
      ...overrides,
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; name: string };
}

/** A medical record through the API; `body` is a whole record (the domain's MEDICAL_RECORD_EXAMPLES). */
export async function createMedicalRecord(
  t: TestApp,
  user: TestUser,
  organizationId: string,
  customerId: string,
  body: unknown,
) {
  const response = await t.request(
    'POST',
    `/organizations/${organizationId}/customers/${customerId}/medical-records`,
    { token: user.token, body },
  );
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; type: string; customerId: string; title: string };
}

/** A valid CPF for each number (distinct per number and base), for customers a PSP charges by their CPF. */
export const cpfFor = (seed: number, base = 100_000_000) =>
  completeCpf(String(base + seed * 7919).slice(0, 9));
