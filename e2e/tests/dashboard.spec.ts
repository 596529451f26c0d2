import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import {
  callApi,
  createCustomerViaApi,
  createPlanViaApi,
  createScheduleViaApi,
  localDate,
  signUpWithOrganization,
} from '../support/organization.ts';

/**
 * The owner's morning view (issue #18): a studio seeded through the API — a daily class that started 40 days
 * ago, one customer enrolled since then who paid R$ 100 of her first R$ 249 cycle today, another whose
 * birthday is in two days — shows today's class with its seat taken, the month's revenue, what is overdue,
 * the active customers and the birthday; the revenue links to the payments of the month. Then the same
 * screen in Portuguese on a 390 px phone.
 */

const OWNER = { firstName: 'Olga', lastName: 'Dona' };

async function seedStudio(page: Page, organizationId: string) {
  const orgPath = `/organizations/${organizationId}`;
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Manhã', {
    startDate: localDate(-40),
    endDate: localDate(60),
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
  });
  const plan = await createPlanViaApi(page, organizationId, 'Mensal Livre', { weeklySessionsLimit: null });
  const marta = await createCustomerViaApi(page, organizationId, 'Marta', 'Matriculada');
  // 36 years before the day after tomorrow (a 29 February lands on a leap year again: 36 is a multiple of 4).
  const birthday = localDate(2);
  await createCustomerViaApi(page, organizationId, 'Bruna', 'Aniversariante', {
    dateOfBirth: `${Number(birthday.slice(0, 4)) - 36}${birthday.slice(4)}`,
  });
  const enrollment = await callApi(page, `${orgPath}/enrollments`, {
    customerId: marta.id,
    planId: plan.id,
    scheduleId: schedule.id,
    startDate: localDate(-40),
    endDate: localDate(60),
  });
  // Two monthly cycles have started (40 days ago and about 10 days ago): R$ 498 due, R$ 100 paid today.
  await callApi(page, `${orgPath}/payments`, {
    customerId: marta.id,
    enrollmentId: enrollment.id,
    cycleStart: localDate(-40),
    amountCents: 10_000,
    currency: 'BRL',
    paidOn: localDate(),
    method: 'PIX',
    status: 'COMPLETED',
  });
}

test('the owner reads the morning figures, follows the revenue to its payments, and on a phone in Portuguese', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  await seedStudio(page, organizationId);
  await page.goto(`/app/org/${organizationId}`);

  const today = page.getByRole('region', { name: "Today's sessions" });
  await expect(today.getByText('Sessions: 1 · Seats taken: 1')).toBeVisible();
  await expect(today.getByRole('link', { name: /Reformer Manhã/ })).toBeVisible();
  await expect(today.getByText('1 of 6 seats')).toBeVisible();
  await expectAccessible(page, 'the dashboard');
  await expect(
    today.getByRole('img', { name: /Occupancy of today's sessions: .*Reformer Manhã: 17%/ }),
  ).toBeVisible();

  const revenue = page.getByRole('region', { name: 'Revenue' });
  await expect(revenue.getByTestId('revenue-BRL')).toHaveText('R$100.00');
  const overdue = page.getByRole('region', { name: 'Overdue payments' });
  await expect(overdue.getByTestId('overdue-BRL')).toHaveText('R$398.00');
  await expect(overdue.getByText('2 cycles, 1 customer')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Active customers' }).getByTestId('active-customers'),
  ).toHaveText('2');
  const birthdays = page.getByRole('region', { name: 'Birthdays this week' });
  await expect(birthdays.getByRole('link', { name: 'Bruna Aniversariante' })).toBeVisible();
  await expect(birthdays.getByText(/turns 36/)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Attendance rate' }).getByText(/check-ins of \d+ expected/),
  ).toBeVisible();

  // The revenue's link opens the payments of this month that came in, with the same total.
  await revenue.getByRole('link', { name: "This month's payments" }).click();
  await expect(page).toHaveURL(/\/payments\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('status')).toBe('COMPLETED');
  expect(url.searchParams.get('from')).toBe(`${localDate().slice(0, 8)}01`);
  expect(url.searchParams.get('to')).toBe(localDate());
  await expect(page.getByText('Marta Matriculada').first()).toBeVisible();

  // Portuguese, on a 390 px phone: the same figures, nothing wider than the screen.
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/org/${organizationId}`);
  await expect(page.getByRole('region', { name: 'Aulas de hoje' }).getByText('1 de 6 vagas')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Receita' }).getByTestId('revenue-BRL')).toHaveText(
    /^R\$\s100,00$/,
  );
  await expect(
    page.getByRole('region', { name: 'Pagamentos em atraso' }).getByTestId('overdue-BRL'),
  ).toHaveText(/^R\$\s398,00$/);
  await expect(
    page.getByRole('region', { name: 'Aniversários da semana' }).getByText(/faz 36 anos/),
  ).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'the dashboard at 390 px');
});
