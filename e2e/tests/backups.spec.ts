import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signUpWithOrganization } from '../support/organization.ts';

/**
 * The install's owner on a phone, in Portuguese (decision 036): the Backups screen says when backups run, where
 * they are copied (S3) and that point-in-time recovery is on, makes them on request (physical, then logical),
 * lists them as done with their size and copy, and hands the encrypted file over. On an
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
  // Copied off the machine too: the bucket and region, never a credential.
  await expect(page.getByText(`s3://${process.env.E2E_S3_BUCKET}/backups/`)).toBeVisible();
  await expect(page.getByText('Região sa-east-1')).toBeVisible();
  await expect(page.getByText('S3RVER')).toHaveCount(0);

  await page.getByRole('button', { name: 'Fazer backup agora' }).click();
  const runs = page.getByRole('list', { name: 'Backups recentes' });
  // The day's scheduled backup may have run when the server started (past 03:00 it makes the day's at once).
  // On the embedded database a run makes a physical backup (point in time) and then the logical one.
  const manual = runs.getByRole('listitem').filter({ hasText: 'Manual' }).filter({ hasText: 'Concluído' });
  await expect(manual).toHaveCount(2);
  const done = manual.filter({ hasText: 'Lógico' });
  await expect(done).toContainText(/Lógico · Manual · \d+ KB/);
  await expect(manual.filter({ hasText: 'Física (ponto no tempo)' })).toContainText(
    /Manual · [\d.,]+ (KB|MB)/,
  );
  // The run is recorded once its copy is known: copied, with when.
  await expect(done).toContainText(/Copiado para o S3 em \d/);
  // The WAL is archived: a restore can go back to any moment of the last 7 days.
  await expect(
    page.getByText(/Ativo: uma restauração pode voltar a qualquer momento dos últimos 7 dias/),
  ).toBeVisible();
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
