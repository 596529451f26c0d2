import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { signUpWithOrganization } from '../support/organization.ts';
import { toast } from '../support/page-checks.ts';

/**
 * The studio's PIX settings (issue #27 item 8): a key pasted as people write it — a CNPJ with its dots, slash
 * and dash, a phone with its brackets — is saved as the DICT holds it, and a merchant name a PIX code would
 * carry as nothing (emoji and | only) is refused; on a desktop and on a phone.
 */

async function openPixSettings(page: Page, organizationId: string) {
  await page.goto(`/app/org/${organizationId}/settings?tab=payments`);
  await expect(page.getByLabel('PIX key')).toBeVisible();
}

test('save a PIX key pasted with punctuation, and refuse a name of emoji only', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const owner = { firstName: 'Pietra', lastName: 'Pix' };
  const organizationId = await signUpWithOrganization(page, owner, `Studio ${randomUUID().slice(0, 8)}`);
  await openPixSettings(page, organizationId);

  await page.getByLabel('PIX key').fill('11.222.333/0001-81');
  await page.getByLabel('Merchant name (optional)').fill('🧘 | 🌿');
  await page.getByLabel('City (optional)').fill('Campinas');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Use letters or digits: a PIX code cannot carry emoji or symbols such as |'),
  ).toBeVisible();
  await page.getByLabel('Merchant name (optional)').fill('Estúdio Respiro 🧘');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'PIX settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('PIX key')).toHaveValue('11222333000181');
  await expect(page.getByLabel('Merchant name (optional)')).toHaveValue('Estúdio Respiro 🧘');

  // On a phone: a mobile number with its DDD in brackets becomes +55…; a mistyped CNPJ is refused.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('PIX key').fill('11.222.333/0001-80');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^Please enter a valid PIX key/)).toBeVisible();
  await page.getByLabel('PIX key').fill('(11) 98765-4321');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'PIX settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('PIX key')).toHaveValue('+5511987654321');
});
