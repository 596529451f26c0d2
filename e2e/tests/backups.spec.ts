import { basename } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createOrganization, PASSWORD, signUpWithOrganization } from '../support/organization.ts';

/**
 * The install's owner on a phone, in Portuguese (decision 036): the Backups screen says when backups run, where
 * they are copied (S3) and that point-in-time recovery is on, makes them on request (physical, then logical),
 * lists them as done with their size and copy, and hands the encrypted file over. On an
 * install of its own (playwright.config.ts): only the owner of every studio of an install may see its backups.
 */
test.use({ baseURL: process.env.E2E_INSTALL_URL });

/**
 * A backup run's wait: a physical and a logical backup and their copies to S3 fit in this whole spec's 10 s on an
 * idle machine, but on CI's loaded one the run once outlasted the default 10 s of an expectation (stop 45).
 */
const A_RUN = { timeout: 90_000 };

test('the install’s owner backs up now from Settings → Backups and downloads the file', async ({ page }) => {
  test.setTimeout(240_000);
  const organizationId = await signInAsTheInstallsOwner(page);
  await page
    .getByLabel(/^(Language|Idioma)$/)
    .first()
    .selectOption('pt_BR');
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

  // The day's scheduled backup runs when the server starts past 03:00 (and a retry finds the first try's run):
  // a click while one runs is answered with that run, so the button is waited for, as an owner would.
  const backUpNow = page.getByRole('button', { name: 'Fazer backup agora' });
  await expect(backUpNow).toBeEnabled(A_RUN);
  const runs = page.getByRole('list', { name: 'Backups recentes' });
  const manual = runs.getByRole('listitem').filter({ hasText: 'Manual' });
  const manualBefore = await manual.count();
  // The hourly job may still begin the day's run between the page's answer and the click (at 03:00, or when
  // the server's first check comes late): the click then answers that run, which is waited out, and it is
  // made again.
  for (let click = 1; ; click += 1) {
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/backups$/.test(response.url()),
    );
    await backUpNow.click();
    const run = (await (await answered).json()) as { trigger: string };
    if (run.trigger === 'manual' || click === 2) break;
    await expect(backUpNow).toBeEnabled(A_RUN);
  }
  // On the embedded database a run makes a physical backup (point in time) and then the logical one; the list
  // shows the run going until both are recorded, newest first.
  await expect(page.getByRole('button', { name: 'Backup em andamento…' })).toBeDisabled();
  await expect(backUpNow).toBeEnabled(A_RUN);
  await expect(manual).toHaveCount(manualBefore + 2);
  const done = manual.nth(0);
  await expect(done).toContainText(/Concluído[\s\S]*Lógico · Manual · \d+ KB/);
  await expect(manual.nth(1)).toContainText(
    /Concluído[\s\S]*Física \(ponto no tempo\) · Manual · [\d.,]+ (KB|MB)/,
  );
  // The run is recorded once its copy is known: copied, with when.
  await expect(done).toContainText(/Copiado para o S3 em \d/);
  // The WAL is archived: a restore can go back to any moment of the last 7 days.
  await expect(
    page.getByText(/Ativo: uma restauração pode voltar a qualquer momento dos últimos 7 dias/),
  ).toBeVisible();

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

/**
 * The install's one owner, the same account on a retry: an owner signed up anew would own only their own
 * studio, not every studio of the install, and be refused its backups. A retry picks up where the first try
 * stopped: no account yet, an account with no studio, or the studio. Answers the studio's id.
 */
async function signInAsTheInstallsOwner(page: Page): Promise<string> {
  const owner = { firstName: 'Dona', lastName: 'Instalação' };
  const studio = 'Studio Instalação';
  const email = `dona-${basename(String(process.env.E2E_INSTALL_DATA_DIR))}@example.com`;
  if (test.info().retry === 0) return signUpWithOrganization(page, owner, studio, email);
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Whichever comes: the app, or the refusal of an account the first try never made.
  const signedIn = await Promise.race([
    page.waitForURL(/\/app\//).then(
      () => true,
      () => undefined,
    ),
    page
      .getByText('Invalid email or password.')
      .waitFor()
      .then(
        () => false,
        () => undefined,
      ),
  ]);
  if (signedIn === false) return signUpWithOrganization(page, owner, studio, email);
  await expect(page).toHaveURL(/\/app\/(select-organization|org\/[0-9a-f-]{36})$/);
  if (page.url().endsWith('/select-organization')) return createOrganization(page, studio);
  return String(/\/app\/org\/([0-9a-f-]{36})/.exec(page.url())?.[1]);
}
