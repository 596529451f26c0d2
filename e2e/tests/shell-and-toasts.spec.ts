import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';

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
