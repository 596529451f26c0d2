import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signUpWithOrganization } from '../support/organization.ts';

/**
 * The install's owner on a phone, in Portuguese (decision 036): the Backups screen says when backups run, makes
 * one on request, lists it as done with its size, and hands the encrypted file over. On an
 * install of its own (playwright.config.ts): only the owner of every studio of an install may see its backups.
 */
test.use({ baseURL: process.env.E2E_INSTALL_URL });

test('the install’s owner backs up now from Settings → Backups and downloads the file', async ({ page }) => {
  test.setTimeout(120_000);
  const owner = { firstName: 'Dona', lastName: 'Instalação' };
  const organizationId = await signUpWithOrganization(page, owner, `Studio ${randomUUID().slice(0, 8)}`);
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.setViewportSize({ width: 390, height: 844 });

  // From Settings → General, where owners find the way to the install's backups.
  await page.goto(`/app/org/${organizationId}/settings`);
  await page.getByRole('link', { name: 'Abrir backups' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/org/${organizationId}/settings/backups$`));
  await expect(page.getByText('Todos os dias às 03:00 (America/Sao_Paulo)')).toBeVisible();
  await expect(page.getByText('Os backups não estão configurados')).toHaveCount(0);

  await page.getByRole('button', { name: 'Fazer backup agora' }).click();
  const runs = page.getByRole('list', { name: 'Backups recentes' });
  // The day's scheduled backup may have run when the server started (past 03:00 it makes the day's at once).
  const done = runs.getByRole('listitem').filter({ hasText: 'Manual' }).filter({ hasText: 'Concluído' });
  await expect(done).toHaveCount(1);
  await expect(done).toContainText(/Lógico · Manual · \d+ KB/);
  await expect(page.getByRole('button', { name: 'Fazer backup agora' })).toBeEnabled();

  const downloading = page.waitForEvent('download');
  await done.getByRole('button', { name: /^Baixar o backup de / }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^reformer-backup-.+\.rfb$/);
  const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
  // Encrypted for the owner's key: nothing of the studio can be read in it.
  expect(bytes.length).toBeGreaterThan(1024);
  expect(bytes.includes(Buffer.from('Instalação'))).toBe(false);

  // With a backup made, the dashboard warns of nothing.
  await page.goto(`/app/org/${organizationId}`);
  await expect(page.getByRole('region', { name: 'Aulas de hoje' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Abrir backups' })).toHaveCount(0);
});
