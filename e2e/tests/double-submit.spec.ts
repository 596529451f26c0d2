import { expect, test } from '@playwright/test';
import { signUpWithOrganization } from '../support/organization.ts';

/** A double click on Create writes once: the form joins the running request, the server replays by key. */
test('double-clicking Create makes one organization and one customer', async ({ page }) => {
  await signUpWithOrganization(page, { firstName: 'Dora', lastName: 'Dupla' }, 'Estúdio Primeiro');
  await page.goto('/app/select-organization');
  await page.getByRole('button', { name: 'Create organization' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Organization name').fill('Estúdio Clique Duplo');
  await dialog.getByRole('button', { name: 'Create organization' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Estúdio Clique Duplo' })).toBeVisible();
  const organizationId = /\/app\/org\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';

  await page.goto('/app/select-organization');
  await expect(page.getByRole('cell', { name: 'Estúdio Primeiro' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Estúdio Clique Duplo' })).toHaveCount(1);

  await page.goto(`/app/org/${organizationId}/customers/new`);
  await page.getByLabel('First name').fill('Cliente');
  await page.getByLabel('Last name').fill('Sem CPF');
  await page.getByRole('button', { name: 'Create customer' }).dblclick();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}\/details$/);
  await page.goto(`/app/org/${organizationId}/customers?search=Sem%20CPF`);
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
});
