import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export type Owner = { firstName: string; lastName: string };

/** The password every person the specs sign up has. */
export const PASSWORD = 'correct horse battery';

/** Signs a new person up (in English, the default language) with `email`; they land on select-organization. */
export async function signUp(page: Page, person: Owner, email: string): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/app\/select-organization$/);
}

/** Signs a new owner up (a fresh address unless `email` is given) and creates their organization; returns its id. */
export async function signUpWithOrganization(
  page: Page,
  owner: Owner,
  organizationName: string,
  email = `${owner.firstName.toLowerCase()}-${randomUUID()}@example.com`,
): Promise<string> {
  await signUp(page, owner, email);
  return createOrganization(page, organizationName);
}

/** On select-organization (in English): creates an organization and opens it; returns its id. */
export async function createOrganization(page: Page, organizationName: string): Promise<string> {
  await page.getByRole('button', { name: 'Create organization' }).first().click();
  await page.getByRole('dialog').getByLabel('Organization name').fill(organizationName);
  await page.getByRole('dialog').getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByRole('heading', { name: organizationName })).toBeVisible();
  const organizationId = /\/app\/org\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  if (!organizationId) throw new Error(`No organization id in ${page.url()}`);
  return organizationId;
}

/** API tokens by the sign-in session they came from: they last 15 minutes, longer than any spec. */
const apiTokens = new Map<string, string>();

/**
 * The signed-in user's API token, asked for once per sign-in session as the web app does: a spec that set up
 * its data with a fresh token per call hit the server's per-address limit on tokens.
 */
async function apiTokenFor(page: Page): Promise<string> {
  const session = (await page.context().cookies())
    .filter((cookie) => cookie.name.endsWith('session_token'))
    .map((cookie) => cookie.value)
    .join(';');
  const known = session ? apiTokens.get(session) : undefined;
  if (known) return known;
  const response = await page.request.get('/api/auth/token');
  expect(response.ok(), `GET /api/auth/token: ${await response.text()}`).toBe(true);
  const { token } = (await response.json()) as { token: string };
  if (session) apiTokens.set(session, token);
  return token;
}

/** A call to the API with the signed-in user's token (set-up, not what a test checks); returns the body. */
export async function callApi<T = { id: string }>(
  page: Page,
  path: string,
  data: object,
  method: 'GET' | 'POST' | 'PUT' = 'POST',
): Promise<T> {
  const token = await apiTokenFor(page);
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(method === 'GET' ? {} : { data }),
  });
  const body = await response.text();
  expect(response.ok(), `${method} ${path}: ${body}`).toBe(true);
  return (body ? JSON.parse(body) : undefined) as T;
}

/** A customer created through the API, with any other fields of the customer form. */
export async function createCustomerViaApi(
  page: Page,
  organizationId: string,
  firstName: string,
  lastName: string,
  fields: Record<string, unknown> = {},
) {
  return callApi(page, `/organizations/${organizationId}/customers`, { firstName, lastName, ...fields });
}

/** A date `offset` days from today in the organizations' default zone (São Paulo), as "YYYY-MM-DD". */
export function localDate(offset = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
}

/**
 * An establishment with the signed-in owner assigned to it as instructor, and a weekly schedule there
 * taught by the owner (weekdays, for the next four weeks, unless `fields` say otherwise); returns the schedule.
 */
export async function createScheduleViaApi(
  page: Page,
  organizationId: string,
  name: string,
  fields: Record<string, unknown> = {},
) {
  const orgPath = `/organizations/${organizationId}`;
  const establishment = await callApi(page, `${orgPath}/establishments`, {
    name: `${name} Studio`,
    phone: '(11) 3333-4444',
  });
  const { user } = (await (await page.request.get('/api/auth/get-session')).json()) as {
    user: { id: string };
  };
  await callApi(
    page,
    `${orgPath}/staff/${user.id}/establishments`,
    { establishments: [{ establishmentId: establishment.id, role: 'EST_INSTRUCTOR' }] },
    'PUT',
  );
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return callApi(page, `${orgPath}/schedules`, {
    name,
    type: 'GROUP',
    establishmentId: establishment.id,
    staffUserId: user.id,
    capacity: 6,
    startTime: '07:00',
    endTime: '08:00',
    startDate: day(1),
    endDate: day(28),
    recurrenceType: 'WEEKLY',
    daysOfWeek: [1, 2, 3, 4, 5],
    ...fields,
  });
}

/** A monthly customer plan (R$ 249,00) created through the API, with any other fields of the plan form. */
export async function createPlanViaApi(
  page: Page,
  organizationId: string,
  name: string,
  fields: Record<string, unknown> = {},
) {
  return callApi(page, `/organizations/${organizationId}/customer-plans`, {
    name,
    description: `${name}: classes on the reformer`,
    priceCents: 24_900,
    currency: 'BRL',
    billingCycle: 'MONTHLY',
    features: ['Reformer'],
    ...fields,
  });
}

/** The id of the schedule's session on `day` ("YYYY-MM-DD"), read through the API; '' when there is none. */
export async function sessionIdOn(page: Page, organizationId: string, scheduleId: string, day: string) {
  const { items } = await callApi<{ items: { id: string }[] }>(
    page,
    `/organizations/${organizationId}/sessions?from=${day}&to=${day}&scheduleId=${scheduleId}`,
    {},
    'GET',
  );
  return items[0]?.id ?? '';
}
