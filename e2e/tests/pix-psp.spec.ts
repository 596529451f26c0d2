import { expect, type Page, test } from '@playwright/test';
import { type PixEmulator, startPixEmulator } from '@reformer/pix-emulator/emulator';
import { emulatorCa } from '../support/emulator-ca.ts';
import { signUpWithOrganization } from '../support/organization.ts';
import { expectNoSideScroll, toast } from '../support/page-checks.ts';

/**
 * Settings → Payments → PIX charges (PSP), decision 027: the owner picks a preset (which fills the URLs), types
 * the credentials, chooses the certificate files the PSP issued and the terms of the charges; after saving the
 * page says the secret is "set" and never shows it; "Test connection" reaches the local PSP (tools/pix-emulator,
 * over real mutual TLS, its CA trusted by the server as a real PSP's is) and then says in words what a wrong
 * secret breaks; "Disconnect" asks first. On a laptop and on a phone.
 */

let emulator: PixEmulator;

test.beforeAll(async () => {
  emulator = await startPixEmulator({ ca: emulatorCa(), refundSettleMs: null });
});
test.afterAll(() => emulator?.close());

function card(page: Page) {
  return page.getByRole('region', { name: 'PIX charges (PSP)' });
}

for (const { width, height, device } of [
  { width: 1366, height: 768, device: 'laptop' },
  { width: 390, height: 844, device: 'phone' },
]) {
  test(`connect a PSP, see its secrets only as set, test it, disconnect (${device})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const organizationId = await signUpWithOrganization(
      page,
      { firstName: 'Priscila', lastName: 'Pix' },
      `Studio PSP ${device}`,
    );
    await page.goto(`/app/org/${organizationId}/settings?tab=payments`);
    const psp = card(page);
    await expect(psp.getByText('No PSP connected.')).toBeVisible();

    // A preset fills its URLs for the environment chosen.
    await psp.getByLabel('PSP', { exact: true }).selectOption({ label: 'Sicredi' });
    await expect(psp.getByLabel('API address (base URL)')).toHaveValue(
      'https://api-pix.sicredi.com.br/api/v2',
    );
    await psp.getByLabel('Environment').selectOption({ label: 'Sandbox (tests)' });
    await expect(psp.getByLabel('Token address')).toHaveValue('https://api-pix-h.sicredi.com.br/oauth/token');

    // The local PSP: a custom one, with the certificate its CA issued (a .p12 with a password).
    await psp.getByLabel('PSP', { exact: true }).selectOption({ label: 'Other (custom)' });
    await psp.getByLabel('API address (base URL)').fill(emulator.baseUrl);
    await psp.getByLabel('Token address').fill(emulator.tokenUrl);
    await psp.getByLabel('Client ID').fill(emulator.client.clientId);
    await psp.getByLabel('Client secret').fill(emulator.client.clientSecret);
    const { pfx, passphrase } = emulator.client.certificate;
    await psp
      .getByLabel('Certificate', { exact: true })
      .setInputFiles({ name: 'reformer.p12', mimeType: 'application/x-pkcs12', buffer: pfx });
    await psp.getByLabel('Certificate password (optional)').fill(passphrase);
    await psp.getByLabel('Key the charges are paid to').fill(emulator.receiver.chave);
    // The consumer law's ceiling on the fine.
    await psp.getByLabel('Late fine (%)').fill('2.5');
    await psp.getByRole('button', { name: 'Connect' }).click();
    await expect(psp.getByText('This value is outside the accepted range')).toBeVisible();
    await psp.getByLabel('Late fine (%)').fill('2');
    await psp.getByRole('button', { name: 'Connect' }).click();
    await expect(toast(page, 'PSP connection saved.')).toBeVisible();

    // Stored: the secret is "set", the certificate shows its subject; neither the secret nor the password is
    // anywhere in the page, and the secret's field is empty (leaving it so keeps the stored one).
    const summary = psp.getByRole('definition');
    await expect(summary.filter({ hasText: 'Set' }).first()).toBeVisible();
    await expect(psp.getByText(`CN=${emulator.client.clientId}`)).toBeVisible();
    await expect(psp.getByLabel('Client secret')).toHaveValue('');
    await page.reload();
    await expect(card(page).getByText(`CN=${emulator.client.clientId}`)).toBeVisible();
    const html = await page.content();
    expect(html).not.toContain(emulator.client.clientSecret);
    expect(html).not.toContain(passphrase);
    await expectNoSideScroll(page);

    // The PSP answers: the connection works.
    await card(page).getByRole('button', { name: 'Test connection' }).click();
    await expect(card(page).getByRole('status')).toHaveText(
      'Connected: the PSP accepted the credentials and the certificate.',
    );

    // A wrong secret (the certificate kept as stored): the words say what to check.
    await card(page).getByLabel('Client secret').fill('not-the-secret');
    await card(page).getByRole('button', { name: 'Save' }).click();
    // Saved: the form shows the stored connection again, its secret field empty.
    await expect(card(page).getByLabel('Client secret')).toHaveValue('');
    await card(page).getByRole('button', { name: 'Test connection' }).click();
    await expect(card(page).getByRole('status')).toHaveText(
      'The PSP refused the client ID or the client secret. Check both.',
    );

    // Disconnecting asks first, then the studio is back to no PSP.
    await card(page).getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect the PSP?' });
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(toast(page, 'PSP disconnected.')).toBeVisible();
    await expect(card(page).getByText('No PSP connected.')).toBeVisible();
  });
}
