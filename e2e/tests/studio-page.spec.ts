import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  callApi,
  createPlanViaApi,
  createScheduleViaApi,
  signUpWithOrganization,
} from '../support/organization.ts';

/**
 * The studio's public page, trial classes and branding (issue #29, decision 045): the owner names the studio,
 * picks its colour, address and logo in Settings; a visitor on their phone, in Portuguese, books a trial class
 * from the public page; staff see it on the dashboard and enroll the new customer; the customer's portal
 * carries the studio's logo and colour.
 */

// A 1×1 PNG: the server reads the type from these bytes, not from the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const ACCENT = '#1d4ed8';

test('a trial booked on the public page reaches the dashboard and is enrolled; the portal wears the brand', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Rita', lastName: 'Dona' },
    'Studio Rita',
  );
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Aberto');
  const plan = await createPlanViaApi(page, organizationId, 'Mensal Rita');
  const slug = `rita-${randomUUID().slice(0, 8)}`;

  // Settings → Studio page: name, colour, address; then the logo.
  await page.goto(`/app/org/${organizationId}/settings?tab=studioPage`);
  await page.getByLabel('Studio name').fill('Pilates da Rita');
  await page.getByLabel('Accent colour').fill('#fde68a');
  await page.getByLabel(/Public page address/).fill(slug);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Too light: white text/)).toBeVisible();
  await page.getByLabel('Accent colour').fill(ACCENT);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`/${slug}$`) })).toBeVisible();
  await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('img[src^="/api/public/logos/"]')).toBeVisible();

  // A visitor's phone, in Portuguese: the public page and a trial class.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  const visitor = await phone.newPage();
  await visitor.goto(`/${slug}`);
  await expect(visitor.getByRole('heading', { name: 'Pilates da Rita', level: 1 })).toBeVisible();
  await expect(visitor.locator('img[src^="/api/public/logos/"]')).toBeVisible();
  await expect(visitor.getByText('Mensal Rita', { exact: true })).toBeVisible();
  await expect(visitor.getByText('R$ 249,00')).toBeVisible();
  await visitor
    .getByRole('button', { name: /^Agendar aula experimental: Reformer Aberto/ })
    .first()
    .click();
  await visitor.getByLabel('Nome completo').fill('Júlia Experimental Souza');
  await visitor.getByLabel('E-mail', { exact: true }).fill(`julia-${randomUUID().slice(0, 8)}@example.com`);
  await visitor.getByLabel('Telefone (WhatsApp)').fill('(11) 98123-4567');
  await visitor.getByRole('button', { name: 'Agendar minha aula experimental' }).click();
  await expect(visitor.getByText(/Marque a autorização/)).toBeVisible();
  await visitor.getByLabel(/Autorizo o estúdio/).check();
  await visitor.getByRole('button', { name: 'Agendar minha aula experimental' }).click();
  await expect(visitor.getByRole('status')).toContainText('Agendada! Sua aula experimental');
  const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The studio's colour on its buttons.
  const button = visitor.getByRole('button', { name: /^Agendar aula experimental: / }).first();
  expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
    'rgb(29, 78, 216)',
  );
  await phone.close();

  // Staff: the dashboard's card names her; her page; a new enrollment.
  await page.goto(`/app/org/${organizationId}`);
  const card = page.getByRole('region', { name: 'Trial classes booked' });
  await expect(card.getByRole('link', { name: 'Júlia Experimental Souza' })).toBeVisible();
  await card.getByRole('link', { name: 'Júlia Experimental Souza' }).click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}\/details/);
  const customerId = /\/customers\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';
  await page.goto(`/app/org/${organizationId}/customers/${customerId}/details?tab=enrollments`);
  await page.getByRole('link', { name: 'New enrollment' }).click();
  await page.getByLabel('Plan').selectOption({ label: 'Mensal Rita' });
  await page.getByLabel('Schedule').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Enroll customer' }).click();
  await expect(page.getByRole('heading', { name: /^Enrollment of Júlia/ })).toBeVisible();
  await page.goto(`/app/org/${organizationId}`);
  await expect(card.getByText('Enrolled', { exact: true })).toBeVisible();
  expect(schedule.id && plan.id).toBeTruthy();

  // Her portal wears the studio's name, logo and colour.
  const link = await callApi<{ url: string }>(
    page,
    `/organizations/${organizationId}/customers/${customerId}/class-link`,
    {},
  );
  const url = new URL(link.url);
  const customerPhone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  const portal = await customerPhone.newPage();
  await portal.goto(`${url.pathname}${url.hash}`);
  await expect(portal.getByText('Pilates da Rita', { exact: true })).toBeVisible();
  await expect(portal.locator('img[src^="/api/public/logos/"]')).toBeVisible();
  const signOut = portal.getByRole('button', { name: 'Sair' });
  await expect(signOut).toBeVisible();
  const accent = await portal
    .locator('[style*="--color-primary"]')
    .first()
    .evaluate((element) => getComputedStyle(element).getPropertyValue('--color-primary').trim());
  expect(accent).toBe(ACCENT);
  await customerPhone.close();
});
