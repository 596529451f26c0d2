import { expect, test } from '@playwright/test';
import { signUpWithOrganization } from '../support/organization.ts';

/** The tab names the page, then the organization it belongs to, then the app, in the user's language. */
test('each page sets its title: page · organization · app, and follows a language change', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await expect(page).toHaveTitle('Sign in · Reformer');

  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Tito', lastName: 'Título' },
    'Estúdio X',
  );
  await expect(page).toHaveTitle('Dashboard · Estúdio X · Reformer');
  await page.getByRole('link', { name: 'Customers', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Customers · Estúdio X · Reformer');

  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page).toHaveTitle('Clientes · Estúdio X · Reformer');
  await page.goto(`/app/org/${organizationId}/staff`);
  await expect(page).toHaveTitle('Equipe · Estúdio X · Reformer');
  await page.goto(`/app/org/${organizationId}/no-such-page`);
  await expect(page).toHaveTitle('Página não encontrada · Estúdio X · Reformer');
  await page.goto('/app/select-organization');
  await expect(page).toHaveTitle('Selecione uma organização · Reformer');
});
