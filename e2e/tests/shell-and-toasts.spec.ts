import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signUpWithOrganization } from '../support/organization.ts';

test('the app shell arrives with the HTML, and toasts keep clear of the header', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/app/select-organization')).text();
  expect(html).toContain('aria-busy="true"');
  expect(html).toContain('Reformer</span>');

  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('Tânia');
  await page.getByLabel('Last name').fill('Toast');
  await page.getByLabel('Email').fill(`toast-${randomUUID()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('violet kettle orbit');
  await page.getByLabel('Confirm password').fill('violet kettle orbit');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
  // The toasts' list, not a toast: a toast slides in from above, so its box moves while it enters.
  const header = await page.getByRole('banner').boundingBox();
  const toasts = await page.locator('[data-sonner-toaster]').first().boundingBox();
  expect(toasts?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1);
  // The header's controls stay usable while the toast is up.
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
});

test('at 1366 px a toast keeps clear of the primary button, and the sidebar shows the whole studio name', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const name = 'Estúdio de Pilates Equilíbrio e Movimento da Zona Sul';
  const organizationId = await signUpWithOrganization(page, { firstName: 'Tania', lastName: 'Toast' }, name);
  const sidebarName = page.getByTestId('sidebar-organization-name');
  await expect(sidebarName).toHaveText(name);
  // #27 item 14: the name was cut to "Estúdio de Pilates Eq…".
  expect(await sidebarName.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  // #27 item 14: a toast sat on the page's top-right primary button (here New customer) for its 4 s.
  await page.goto(`/app/org/${organizationId}/customers/new`);
  await page.getByLabel('First name').fill('Carla');
  await page.getByLabel('Last name').fill('Cliente');
  await page.getByRole('button', { name: 'Create customer' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete customer' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Customer deleted.' });
  await expect(toast).toBeVisible();
  const create = page.getByRole('link', { name: 'New customer' });
  const overlaps = async () => {
    const [a, b] = [await toast.boundingBox(), await create.boundingBox()];
    if (!a || !b) return true;
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  };
  await expect.poll(overlaps).toBe(false);
  await create.click();
  await expect(page).toHaveURL(/\/customers\/new$/);
});
