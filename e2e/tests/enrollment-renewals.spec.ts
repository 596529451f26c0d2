import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  callApi,
  createCustomerViaApi,
  createScheduleViaApi,
  localDate,
  signUpWithOrganization,
} from '../support/organization.ts';
import { toast } from '../support/page-checks.ts';

/**
 * Issue #26 §1, as a studio owner in Portuguese: a new monthly plan renews by itself unless told otherwise, its
 * enrollment says when it renews, and "Encerrar no fim do período" turns that into the day it ends — and back.
 */

const CUSTOMER = 'Renata Renovação';
const PLAN = 'Mensal Reformer';

/** "YYYY-MM-DD" `days` later. */
function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** One month from `date`, less a day (a start past the next month's last day counts from that last day). */
function monthlyCycleEnd(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const daysInNextMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return addDays(
    new Date(Date.UTC(year, month, Math.min(day, daysInNextMonth))).toISOString().slice(0, 10),
    -1,
  );
}

/** A date as the app writes it in Portuguese ("29 de dez. de 2026"). */
const inPortuguese = (date: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

test('a monthly plan renews by default; the enrollment renews or ends at its period’s end', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Olga', lastName: 'Owner' },
    `Studio ${randomUUID().slice(0, 8)}`,
  );
  const customer = await createCustomerViaApi(page, organizationId, 'Renata', 'Renovação');
  // A class that runs well past the first period (one that ended with it would take its renewal away).
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Tarde', {
    endDate: localDate(120),
  });
  await page.getByLabel('Language').first().selectOption('pt_BR');

  // The plan: monthly, and the switch already says its enrollments renew.
  await page.getByRole('link', { name: 'Planos', exact: true }).click();
  await page.getByRole('button', { name: 'Novo plano' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome do plano').fill(PLAN);
  await dialog.getByLabel('Descrição').fill('Duas aulas em grupo por semana no Reformer.');
  await dialog.getByLabel('Preço').fill('249,90');
  await expect(dialog.getByLabel('Ciclo de cobrança')).toHaveValue('MONTHLY');
  const renews = dialog.getByRole('checkbox', { name: /Matrículas renovam automaticamente/ });
  await expect(renews).toBeChecked();
  // A quarterly plan is a fixed term by default; back to monthly, it renews again.
  await dialog.getByLabel('Ciclo de cobrança').selectOption('QUARTERLY');
  await expect(renews).not.toBeChecked();
  await dialog.getByLabel('Ciclo de cobrança').selectOption('MONTHLY');
  await expect(renews).toBeChecked();
  await dialog.getByLabel('Serviço 1', { exact: true }).fill('Aula em grupo no Reformer');
  await dialog.getByRole('button', { name: 'Criar plano' }).click();
  const card = page.getByRole('listitem').filter({ hasText: PLAN });
  await expect(card.getByText('Renovação automática')).toBeVisible();

  const plans = await callApi<{ id: string; name: string }[]>(
    page,
    `/organizations/${organizationId}/customer-plans`,
    {},
    'GET',
  );
  const plan = plans.find((one) => one.name === PLAN);
  if (!plan) throw new Error('the plan was not created');
  const start = localDate(1);
  const end = monthlyCycleEnd(start);
  const enrollment = await callApi(page, `/organizations/${organizationId}/enrollments`, {
    customerId: customer.id,
    planId: plan.id,
    scheduleId: schedule.id,
    startDate: start,
  });

  // The enrollment renews the day after its period: no Renew button to remember every month.
  await page.goto(`/app/org/${organizationId}/enrollments/${enrollment.id}/details`);
  await expect(page.getByRole('heading', { name: `Matrícula de ${CUSTOMER}` })).toBeVisible();
  await expect(page.getByText(`Renova em ${inPortuguese(addDays(end, 1))}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renovar', exact: true })).toHaveCount(0);

  // Set to end at the period's end: it now says its last day, and Renew is back for later.
  await page.getByRole('button', { name: 'Encerrar no fim do período' }).click();
  await expect(toast(page, `Matrícula de ${CUSTOMER} termina em ${inPortuguese(end)}.`)).toBeVisible();
  await expect(page.getByText(`Termina em ${inPortuguese(end)}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renovar', exact: true })).toBeVisible();

  // Undone: it renews again, as the plan says.
  await page.getByRole('button', { name: 'Renovar automaticamente' }).click();
  await expect(page.getByText(`Renova em ${inPortuguese(addDays(end, 1))}`, { exact: true })).toBeVisible();

  // The list says the same in its row.
  await page.goto(`/app/org/${organizationId}/enrollments`);
  await expect(
    page.getByText(`Renova em ${inPortuguese(addDays(end, 1))}`, { exact: true }).first(),
  ).toBeVisible();

  // On a phone the renewal line and its action fit without scrolling sideways; on a laptop as well.
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/app/org/${organizationId}/enrollments/${enrollment.id}/details`);
    await expect(page.getByRole('button', { name: 'Encerrar no fim do período' })).toBeVisible();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(clientWidth);
  }
});
