import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';

/** The foundation journey: sign up, create an organization, preferences that survive a reload, sign out and in. */

async function signUp(page: Page, email: string, password: string) {
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('Olivia');
  await page.getByLabel('Last name').fill('Owner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/app\/select-organization$/);
}

test('sign up, create an organization, keep language and theme, sign out and back in', async ({ page }) => {
  const email = `owner-${randomUUID()}@example.com`;
  const password = 'correct horse battery';
  await signUp(page, email, password);

  await expect(page.getByRole('heading', { name: 'Select an organization' })).toBeVisible();
  await expect(page.getByText("You don't belong to any organization yet")).toBeVisible();
  await page.getByRole('button', { name: 'Create organization' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(dialog.getByText('Organization name is required')).toBeVisible();
  await dialog.getByLabel('Organization name').fill('Studio Equilíbrio');
  await dialog.getByRole('button', { name: 'Create organization' }).click();

  await expect(page).toHaveURL(/\/app\/org\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Studio Equilíbrio' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Owner')).toBeVisible();

  await page.getByLabel('Language').first().selectOption('pt_BR');
  await page.getByLabel('Tema').first().selectOption('dracula');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dracula');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dracula');
  await expect(page.getByRole('link', { name: 'Configurações da organização' }).first()).toBeVisible();

  await page.getByRole('button', { name: /Olivia Owner/ }).click();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/app/select-organization');
  await expect(page).toHaveURL(/\/sign-in/);

  // Signing in from the start page, not on the way to a page of the app.
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  // Her only organization opens at once: no stop at "Selecione uma organização" (#27 item 13).
  await expect(page).toHaveURL(/\/app\/org\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Studio Equilíbrio' })).toBeVisible();
  // The chooser is still there from the menu.
  await page.goto('/app/select-organization');
  const row = page.getByRole('row', { name: /Studio Equilíbrio/ });
  await expect(row.getByText('Proprietário')).toBeVisible();
  await expectAccessible(page, 'the organization chooser');
  await row
    .getByRole('link', { name: /Selecionar|Select/ })
    .or(row.getByRole('button', { name: /Selecionar/ }))
    .click();
  await expect(page.getByRole('heading', { name: 'Studio Equilíbrio' })).toBeVisible();
});

test('the sole owner edits the organization and cannot leave it', async ({ page }) => {
  await signUp(page, `solo-${randomUUID()}@example.com`, 'correct horse battery');
  await page.getByRole('button', { name: 'Create organization' }).first().click();
  await page.getByRole('dialog').getByLabel('Organization name').fill('Solo Studio');
  await page.getByRole('dialog').getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByRole('heading', { name: 'Solo Studio' })).toBeVisible();

  await page.getByRole('link', { name: 'Organization Settings' }).first().click();
  await expect(page.getByRole('heading', { name: 'Danger zone' })).toBeVisible();
  await expectAccessible(page, 'the organization settings');
  await page.getByLabel('Organization name').fill('Solo Pilates');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/saved|updated/i).first()).toBeVisible();

  const confirm = page.getByLabel('To confirm, type “Solo Pilates”');
  const leave = page.getByRole('button', { name: 'Leave organization' });
  await confirm.fill('Solo');
  await expect(leave).toBeDisabled();
  await confirm.fill('Solo Pilates');
  await leave.click();
  await expect(page.getByText('You are the only owner', { exact: false }).first()).toBeVisible();
});

test('signed-out visitors are sent to sign-in and come back where they were going', async ({ page }) => {
  const email = `guard-${randomUUID()}@example.com`;
  await signUp(page, email, 'correct horse battery');
  await page.getByRole('button', { name: /Olivia Owner/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/app/user-settings');
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/user-settings/);
  await expect(page.getByLabel('First name')).toBeVisible();
  await expectAccessible(page, 'the user settings');
  await page.getByLabel('First name').fill('Olívia');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: /Olívia Owner/ })).toBeVisible();
});
