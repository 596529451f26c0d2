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

/**
 * The customers at risk on the home (issue #18, docs/decisions/022): a studio seeded through the API — Rita
 * owes two monthly cycles and her enrollment ends in 10 days (30 + 20 = 50 points), Paulo came three times in
 * the earlier weeks and never since (30), Clara canceled her next two classes with notice and holds both
 * make-up credits (20) — shows all three, highest first, each reason in words with its numbers; Rita's name
 * opens her details. Then the same card in Portuguese on a 390 px phone.
 */

const OWNER = { firstName: 'Olga', lastName: 'Dona' };

async function seedStudio(page: Page, organizationId: string) {
  const orgPath = `/organizations/${organizationId}`;
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Manhã', {
    startDate: localDate(-70),
    endDate: localDate(60),
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
  });
  // A fixed term: an enrollment that renews by itself never counts as ending (issue #26).
  const paid = await createPlanViaApi(page, organizationId, 'Mensal Livre', {
    weeklySessionsLimit: null,
    renewsAutomatically: false,
  });
  const free = await createPlanViaApi(page, organizationId, 'Cortesia', {
    priceCents: 0,
    weeklySessionsLimit: null,
  });
  const rita = await createCustomerViaApi(page, organizationId, 'Rita', 'Risco');
  const paulo = await createCustomerViaApi(page, organizationId, 'Paulo', 'Sumido');
  const clara = await createCustomerViaApi(page, organizationId, 'Clara', 'Crédito');
  // Two monthly cycles have started (40 and about 10 days ago), none paid; the enrollment ends in 10 days.
  await callApi(page, `${orgPath}/enrollments`, {
    customerId: rita.id,
    planId: paid.id,
    scheduleId: schedule.id,
    startDate: localDate(-40),
    endDate: localDate(10),
  });
  await callApi(page, `${orgPath}/enrollments`, {
    customerId: paulo.id,
    planId: free.id,
    scheduleId: schedule.id,
    startDate: localDate(-70),
    endDate: localDate(60),
  });
  // Three check-ins in the 8 weeks before the last 4 (0.375 a week), none since.
  const { items } = await callApi<{ items: { id: string; date: string }[] }>(
    page,
    `${orgPath}/sessions?from=${localDate(-60)}&to=${localDate(-40)}&scheduleId=${schedule.id}`,
    {},
    'GET',
  );
  const attended = [localDate(-60), localDate(-50), localDate(-40)];
  const attendedSessions = items.filter((session) => attended.includes(session.date));
  expect(attendedSessions).toHaveLength(3);
  for (const session of attendedSessions) {
    await callApi(page, `${orgPath}/sessions/${session.id}/check-ins`, { customerId: paulo.id });
  }
  // Clara cancels the classes 3 and 4 days ahead (more than the 24 h notice): two credits held, none used.
  await callApi(page, `${orgPath}/enrollments`, {
    customerId: clara.id,
    planId: free.id,
    scheduleId: schedule.id,
    startDate: localDate(0),
    endDate: localDate(60),
  });
  const upcoming = await callApi<{ items: { id: string }[] }>(
    page,
    `${orgPath}/sessions?from=${localDate(3)}&to=${localDate(4)}&scheduleId=${schedule.id}`,
    {},
    'GET',
  );
  expect(upcoming.items).toHaveLength(2);
  for (const session of upcoming.items) {
    await callApi(
      page,
      `${orgPath}/sessions/${session.id}/attendance/${clara.id}`,
      { status: 'CANCELED' },
      'PUT',
    );
  }
  return { rita };
}

test('the owner sees who is at risk and why, opens the customer, and reads it on a phone in Portuguese', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  const { rita } = await seedStudio(page, organizationId);
  await page.goto(`/app/org/${organizationId}`);

  const atRisk = page.getByRole('region', { name: 'Customers at risk' });
  const customers = atRisk.getByRole('list', { name: 'Customers at risk, highest score first' });
  await expect(customers.getByRole('link')).toHaveText(['Rita Risco', 'Paulo Sumido', 'Clara Crédito']);
  await expect(atRisk.getByRole('img', { name: 'Risk score: 50 of 100' })).toBeVisible();
  await expect(atRisk.getByText('2 billing cycles overdue: R$498.00')).toBeVisible();
  await expect(atRisk.getByText(/^Enrollment ends on .+ with no renewal$/)).toBeVisible();
  await expect(atRisk.getByRole('img', { name: 'Risk score: 30 of 100' })).toBeVisible();
  await expect(atRisk.getByText('Attendance falling: from 0.38 to 0 check-ins a week')).toBeVisible();
  await expect(atRisk.getByRole('img', { name: 'Risk score: 20 of 100' })).toBeVisible();
  await expect(atRisk.getByText('Make-up credits piling up: 2 still valid')).toBeVisible();

  await atRisk.getByRole('link', { name: 'Rita Risco' }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${rita.id}/details$`));
  await expect(page.getByRole('heading', { name: /Rita Risco/ })).toBeVisible();

  // Portuguese, on a 390 px phone: the same reasons in words, nothing wider than the screen.
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/org/${organizationId}`);
  const emRisco = page.getByRole('region', { name: 'Clientes em risco' });
  await expect(emRisco.getByText(/^2 ciclos de cobrança em atraso: R\$\s498,00$/)).toBeVisible();
  await expect(emRisco.getByText(/^Matrícula termina em .+ sem renovação$/)).toBeVisible();
  await expect(emRisco.getByText('Frequência em queda: de 0,38 para 0 presenças por semana')).toBeVisible();
  await expect(emRisco.getByText('Créditos de reposição acumulando: 2 ainda válidos')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
