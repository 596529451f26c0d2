import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

/**
 * A locked-out owner on a server with no e-mail: the forgot-password page says what to do, the operator
 * runs `npm run reset-password-link`, and the printed link lets the owner choose a new password.
 */
const cli = fileURLToPath(new URL('../../scripts/reset-password-link.mjs', import.meta.url));

test('forgot password without e-mail: the operator issues a link and the owner chooses a new password', async ({
  page,
  baseURL,
}) => {
  const email = `locked-${randomUUID()}@example.com`;
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('Lúcia');
  await page.getByLabel('Last name').fill('Trancada');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('violet kettle orbit');
  await page.getByLabel('Confirm password').fill('violet kettle orbit');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Select an organization' })).toBeVisible();
  await page.context().clearCookies();

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('npm run reset-password-link');

  const { stdout } = await promisify(execFile)(process.execPath, [cli, email], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '', PUBLIC_URL: baseURL },
  });
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(stdout)?.[0];
  expect(link, stdout).toBeTruthy();

  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password').fill('12345678');
  await page.getByLabel('Confirm password').fill('12345678');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Must be at least 10 characters')).toBeVisible();
  await page.getByLabel('New password').fill('amber window falcon');
  await page.getByLabel('Confirm password').fill('amber window falcon');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('amber window falcon');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Select an organization' })).toBeVisible();
});
