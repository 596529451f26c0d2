import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import {
  callApi,
  createCustomerViaApi,
  createPlanViaApi,
  createScheduleViaApi,
  localDate,
  signUpWithOrganization,
} from '../support/organization.ts';
import { toast } from '../support/page-checks.ts';

/**
 * Money a cycle does not owe (issue #26 §4, decision 028), in Portuguese on a phone: two staff record the same
 * month — the second, whose screen was opened before the first saved, is told the cycle is paid and what was
 * paid, and records the money as the customer's credit; the credit pays the next cycle from her Payments tab;
 * a partial refund gives part of a payment back and the cycle shows what is left to pay.
 */

function cycleItems(page: Page) {
  return page.getByRole('listitem', { name: /^Ciclo de cobrança de / });
}

test('a paid cycle refuses a second payment, which becomes credit for the next cycle; a partial refund', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Carla', lastName: 'Caixa' },
    `Estúdio ${randomUUID().slice(0, 8)}`,
  );
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  // The rest at the front desk's phone.
  await page.setViewportSize({ width: 390, height: 844 });
  const orgPath = `/organizations/${organizationId}`;
  const customer = await createCustomerViaApi(page, organizationId, 'Rita', 'Repetida');
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Manhã');
  const plan = await createPlanViaApi(page, organizationId, 'Mensal Reformer');
  const enrollment = await callApi(page, `${orgPath}/enrollments`, {
    customerId: customer.id,
    planId: plan.id,
    scheduleId: schedule.id,
    // Twenty days in: this month's cycle is open and the next one shows as upcoming.
    startDate: localDate(-20),
    endDate: localDate(200),
  });

  // The second member opens the payment of this month…
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=payments`);
  await page.getByRole('link', { name: 'Novo pagamento' }).click();
  await expect(page.getByRole('heading', { name: 'Novo pagamento', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByLabel('Valor')).toHaveValue('249,00');
  await page.getByLabel('Forma de pagamento').selectOption({ label: 'Dinheiro' });
  // …while the first records it at the front desk.
  await callApi(page, `${orgPath}/payments`, {
    customerId: customer.id,
    enrollmentId: enrollment.id,
    cycleStart: localDate(-20),
    amountCents: 24_900,
    currency: 'BRL',
    paidOn: localDate(0),
    method: 'PIX',
    status: 'COMPLETED',
  });
  await page.getByRole('button', { name: 'Registrar pagamento' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Este ciclo de cobrança já está pago' });
  await expect(refusal).toContainText(/R\$\s249,00 pagos de R\$\s249,00/);
  await refusal.getByRole('button', { name: /^Registrar R\$\s249,00 como crédito$/ }).click();
  await expect(toast(page, /Pagamento de R\$\s249,00 de Rita Repetida registrado/)).toBeVisible();

  // Her Payments tab: the credit, spent on the next cycle.
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=payments`);
  await expect(page.getByText(/^Crédito do cliente: R\$\s249,00$/)).toBeVisible();
  const next = cycleItems(page).nth(1);
  await expect(next).toContainText('A vencer');
  await next.getByRole('button', { name: /^Usar o crédito do cliente no ciclo de / }).click();
  await expect(toast(page, 'Crédito aplicado.')).toBeVisible();
  await expect(next).toContainText('Pago');
  await expect(next).toContainText(/R\$\s249,00 de R\$\s249,00/);
  await expect(page.getByText(/^Crédito do cliente:/)).toHaveCount(0);
  await expect(cycleItems(page).first()).toContainText('Pago');

  // A partial refund of the PIX payment: the first cycle owes what was given back.
  await page.getByRole('link', { name: 'Ver todos em Pagamentos' }).click();
  const pixPayment = page
    .getByRole('listitem')
    .filter({ hasText: 'PIX' })
    .filter({ has: page.getByRole('button', { name: /^Estornar o pagamento de Rita Repetida/ }) });
  await pixPayment.getByRole('button', { name: /^Estornar o pagamento de Rita Repetida/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Estornar pagamento' });
  await expect(dialog.getByLabel('Valor a estornar')).toHaveValue('249,00');
  await dialog.getByLabel('Valor a estornar').fill('49,00');
  await dialog.getByRole('button', { name: 'Estornar pagamento' }).click();
  await expect(toast(page, /R\$\s49,00 estornado/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(pixPayment).toContainText(/R\$\s49,00 estornado/);
  await expect(pixPayment).toContainText('Pago');

  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=payments`);
  const first = cycleItems(page).first();
  await expect(first).toContainText(/R\$\s200,00 de R\$\s249,00/);
  await expect(first).toContainText('Vencido');
  // Nothing is wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
