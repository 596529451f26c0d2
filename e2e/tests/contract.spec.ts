import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { callApi, createCustomerViaApi, signUpWithOrganization } from '../support/organization.ts';

/**
 * The contract and consents (issue #29, decision 043): the owner writes the studio's terms in Settings →
 * Contract and publishes them; the customer opens their portal on a phone in Portuguese, reads the terms,
 * signs with their full name and the CPF on file and the checkbox, sees their 7-day withdrawal right and
 * refuses marketing messages; staff see the signature on the customer's page and open its printable evidence,
 * whose SHA-256 is the text's.
 */

const TERMS = 'Contrato de prestação de serviços de Pilates.\nCancelamentos com 24 horas de antecedência.';

test('the customer signs the contract in the portal; staff see the signature’s evidence', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Rita', lastName: 'Contrato' },
    'Studio Termos',
  );
  await page.goto(`/app/org/${organizationId}/settings?tab=contract`);
  await page.getByLabel('Terms').fill(TERMS);
  await page.getByRole('button', { name: 'Publish as a new version' }).click();
  await expect(page.getByTestId('contract-version')).toContainText('Version 1');
  await expect(page.getByTestId('contract-version')).toContainText('0 signatures');

  const customer = await createCustomerViaApi(page, organizationId, 'Helena', 'Assina', {
    email: `helena-${Date.now()}@example.com`,
    country: 'BR',
    idType: 'CPF',
    idNumber: '529.982.247-25',
  });
  const made = await callApi<{ url: string }>(
    page,
    `/organizations/${organizationId}/customers/${customer.id}/class-link`,
    {},
  );
  const url = new URL(made.url);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  const portal = await phone.newPage();
  await portal.goto(`${url.pathname}${url.hash}`);
  const section = portal.locator('#portal-contract');
  await expect(section.getByRole('heading', { name: 'Contrato e consentimentos' })).toBeVisible();
  await expect(section.getByText('Leia os termos do estúdio (versão 1) e assine abaixo.')).toBeVisible();
  await expect(section.getByRole('article', { name: 'Termos, versão 1' })).toContainText(
    'Cancelamentos com 24 horas',
  );
  const sign = section.getByRole('form', { name: 'Assinar o contrato' });
  await sign.getByLabel('Nome completo').fill('Helena Assina');
  await sign.getByLabel('CPF').fill('111.444.777-35');
  await sign.getByLabel('Li e aceito estes termos').check();
  await sign.getByRole('button', { name: 'Assinar o contrato' }).click();
  await expect(sign.getByRole('alert')).toContainText('Este CPF não é o que o estúdio tem no seu cadastro.');
  await sign.getByLabel('CPF').fill('529.982.247-25');
  await sign.getByRole('button', { name: 'Assinar o contrato' }).click();
  await expect(section.getByText(/^Você assinou a versão 1 em/)).toBeVisible();
  await expect(section.getByText(/Você pode desistir até \d{1,2} de \S+ de \d{4}/)).toBeVisible();
  const marketing = section.getByTestId('portal-consent-MARKETING_MESSAGES');
  await marketing.getByRole('button', { name: 'Não concordo' }).click();
  await expect(marketing).toContainText(/Recusado em/);
  const overflow = await portal.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(portal, 'the portal’s contract section');
  await phone.close();

  // At the studio: the signature on the customer's page, and its printable evidence.
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=contract`);
  await expect(page.getByText('Signed the latest version (1).')).toBeVisible();
  await expect(page.getByTestId('consent-state').first()).toContainText('refused');
  const signature = page.getByTestId('contract-signature');
  await expect(signature).toContainText('Helena Assina');
  await signature.getByRole('link', { name: 'Evidence' }).click();
  const evidence = page.getByTestId('contract-evidence');
  await expect(evidence).toContainText('529.982.247-25');
  await expect(evidence).toContainText(createHash('sha256').update(TERMS, 'utf8').digest('hex'));
  await expect(evidence).toContainText('Mozilla');
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByText('Cancelamentos com 24 horas de antecedência.')).toBeVisible();
});
