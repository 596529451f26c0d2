import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export type Owner = { firstName: string; lastName: string };

/** Signs a new owner up (in English, the default language) and creates their organization; returns its id. */
export async function signUpWithOrganization(
  page: Page,
  owner: Owner,
  organizationName: string,
): Promise<string> {
  const password = 'correct horse battery';
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill(owner.firstName);
  await page.getByLabel('Last name').fill(owner.lastName);
  await page.getByLabel('Email').fill(`${owner.firstName.toLowerCase()}-${randomUUID()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/app\/select-organization$/);

  await page.getByRole('button', { name: 'Create organization' }).first().click();
  await page.getByRole('dialog').getByLabel('Organization name').fill(organizationName);
  await page.getByRole('dialog').getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByRole('heading', { name: organizationName })).toBeVisible();
  const organizationId = /\/app\/org\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  if (!organizationId) throw new Error(`No organization id in ${page.url()}`);
  return organizationId;
}

/** A customer created through the API with the signed-in user's token (set-up, not what a test checks). */
export async function createCustomerViaApi(
  page: Page,
  organizationId: string,
  firstName: string,
  lastName: string,
) {
  const { token } = (await (await page.request.get('/api/auth/token')).json()) as { token: string };
  const response = await page.request.post(`/api/organizations/${organizationId}/customers`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { firstName, lastName },
  });
  expect(response.status()).toBe(201);
}
