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
 * The owner's money at a glance (issue #26 §5): two customers on a R$ 249 monthly plan that renews — Marta
 * from today, who paid today's cycle; Bruna from a month ago, who paid R$ 300 for her first cycle (R$ 51 to
 * credit). The dashboard shows R$ 498 a month of recurring revenue, R$ 249 received of R$ 498 due this
 * month, R$ 498 in each of the next three months, and R$ 51 of credit; the due figure opens the payments of
 * this month's cycles and the credit figure the customers holding it. Then the same in Portuguese on a phone.
 */

const OWNER = { firstName: 'Olga', lastName: 'Dona' };

/** The same day a month earlier, clamped to that month's end (31 March → 28 February), as billing does. */
function monthBefore(date: string): string {
  const [year = 0, month = 0, day = 0] = date.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year, month - 1, 0)).getUTCDate();
  const previous = new Date(Date.UTC(year, month - 2, Math.min(day, lastDay)));
  return previous.toISOString().slice(0, 10);
}

async function seedStudio(page: Page, organizationId: string) {
  const orgPath = `/organizations/${organizationId}`;
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Tarde', {
    startDate: localDate(-40),
    endDate: localDate(200),
    daysOfWeek: [1, 3],
  });
  const plan = await createPlanViaApi(page, organizationId, 'Mensal Renovável', {
    weeklySessionsLimit: null,
  });
  const enroll = async (firstName: string, lastName: string, startDate: string) => {
    const customer = await createCustomerViaApi(page, organizationId, firstName, lastName);
    const body = { customerId: customer.id, planId: plan.id, scheduleId: schedule.id, startDate };
    return { customer, enrollment: await callApi(page, `${orgPath}/enrollments`, body) };
  };
  const pay = (who: Awaited<ReturnType<typeof enroll>>, payment: Record<string, unknown>) =>
    callApi(page, `${orgPath}/payments`, {
      customerId: who.customer.id,
      enrollmentId: who.enrollment.id,
      currency: 'BRL',
      paidOn: localDate(),
      method: 'PIX',
      status: 'COMPLETED',
      ...payment,
    });
  const marta = await enroll('Marta', 'Pontual', localDate());
  const bruna = await enroll('Bruna', 'Adiantada', monthBefore(localDate()));
  await pay(marta, { cycleStart: localDate(), amountCents: 24_900 });
  await pay(bruna, { cycleStart: monthBefore(localDate()), amountCents: 30_000, recordExcessAsCredit: true });
}

test('the owner reads the money figures and follows them to their lists, then on a phone in Portuguese', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  await seedStudio(page, organizationId);
  await page.goto(`/app/org/${organizationId}`);

  const recurring = page.getByRole('region', { name: 'Recurring revenue' });
  await expect(recurring.getByTestId('recurring-BRL')).toHaveText('R$498.00/month');
  await expect(recurring.getByText('2 active subscriptions')).toBeVisible();
  const due = page.getByRole('region', { name: 'Due this month' });
  await expect(due.getByTestId('due-received-BRL')).toHaveText('R$249.00');
  await expect(due.getByTestId('due-expected-BRL')).toHaveText('R$498.00');
  await expect(
    due.getByRole('progressbar', { name: 'R$249.00 received of R$498.00 expected (50%)' }),
  ).toBeVisible();
  const forecast = page.getByRole('region', { name: 'Forecast' }).getByRole('listitem');
  await expect(forecast).toHaveCount(3);
  for (const month of await forecast.all()) await expect(month).toContainText('R$498.00 · 2 cycles');
  const credit = page.getByRole('region', { name: 'Customer credit' });
  await expect(credit.getByTestId('credit-BRL')).toHaveText('R$51.00');
  await expect(credit.getByText('1 customer')).toBeVisible();

  // This month's cycles open their payments: Marta's, not Bruna's (it paid last month's cycle).
  await due.getByRole('link', { name: /^Payments for this month.s cycles$/ }).click();
  await expect(page).toHaveURL(/cycleFrom=/);
  expect(new URL(page.url()).searchParams.get('cycleFrom')).toBe(`${localDate().slice(0, 8)}01`);
  await expect(page.getByText('Marta Pontual').first()).toBeVisible();
  await expect(page.getByText('Bruna Adiantada')).toHaveCount(0);
  // Removing the narrowing shows every payment.
  await page.getByRole('button', { name: 'Show the payments of every cycle' }).click();
  await expect(page.getByText('Bruna Adiantada').first()).toBeVisible();
  expect(new URL(page.url()).searchParams.get('cycleFrom')).toBeNull();

  // The credit opens the customers holding it; a name opens the customer.
  await page.goto(`/app/org/${organizationId}`);
  await credit.getByRole('link', { name: 'Customers with credit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers with credit' })).toBeVisible();
  const row = page.getByRole('row', { name: /Bruna Adiantada/ });
  await expect(row).toContainText('R$51.00');
  await row.getByRole('link', { name: 'Bruna Adiantada' }).click();
  await expect(page).toHaveURL(/\/customers\/[^/]+\/details/);

  // Portuguese, on a 390 px phone: the same money, nothing wider than the screen.
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/org/${organizationId}`);
  await expect(
    page.getByRole('region', { name: 'Receita recorrente' }).getByTestId('recurring-BRL'),
  ).toHaveText(/^R\$\s498,00\/mês$/);
  await expect(
    page.getByRole('region', { name: 'A receber neste mês' }).getByTestId('due-received-BRL'),
  ).toHaveText(/^R\$\s249,00$/);
  // A month at the start of a line has its capital: "Dezembro de 2026", never "dezembro De 2026".
  await expect(page.getByRole('region', { name: 'Previsão' }).getByRole('link').first()).toHaveText(
    /^\p{Lu}\p{Ll}+ de \d{4}$/u,
  );
  const noOverflow = async () =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  await noOverflow();
  await page.goto(`/app/org/${organizationId}/customer-credits`);
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes com crédito' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Bruna Adiantada' })).toContainText(/R\$\s51,00/);
  await noOverflow();
});
