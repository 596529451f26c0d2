import { expect, test } from '@playwright/test';

test('an unknown address answers 404 with the not-found screen in the normal layout', async ({ page }) => {
  const response = await page.goto('/no-such-page/anywhere');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  const known = await page.goto('/sign-in');
  expect(known?.status()).toBe(200);
});
