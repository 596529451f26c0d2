import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { isBusinessDay, payableUntil } from '@reformer/domain/business-days';
import { addDays, daysBetween } from '@reformer/domain/calendar-dates';
import { isBankHoliday } from '../../apps/server/src/lib/bank-holidays.ts';
import {
  callApi,
  createCustomerViaApi,
  createPlanViaApi,
  createScheduleViaApi,
  signUpWithOrganization,
} from '../support/organization.ts';

/**
 * Decision 035: a cycle due on a weekend or bank holiday is payable until the next business day. The owner
 * enrolls a customer whose cycle fell due on the last day off before today (a Saturday, a Sunday or a
 * holiday: there is one within a week) and reads it in the payment reminders and the customer's Payments
 * tab. The server's clock is real, so what the page must say depends on today: on the Sunday or Monday
 * after a Saturday it is still payable ("Payable until Monday"), later it is overdue — the spec works out
 * which from the same calendar and checks the page says that, and never a day overdue while still payable.
 */

const TIME_ZONE = 'America/Sao_Paulo';
const OWNER = { firstName: 'Bento', lastName: 'Banco' };

const localToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
const mediumDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.parse(date));

/** The last weekend day or bank holiday before today. */
function lastDayOff(today: string): string {
  let day = addDays(today, -1);
  while (isBusinessDay(day, isBankHoliday)) day = addDays(day, -1);
  return day;
}

test('a cycle due on a day off is payable until the next business day, then overdue', async ({ page }) => {
  test.setTimeout(120_000);
  const today = localToday();
  const dueDate = lastDayOff(today);
  const lastPayableDay = payableUntil(dueDate, isBankHoliday);
  const isStillPayable = today <= lastPayableDay;

  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  const customer = await createCustomerViaApi(page, organizationId, 'Rita', 'Lembrete');
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Todo Dia', {
    startDate: addDays(today, -10),
    endDate: addDays(today, 60),
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
  });
  const plan = await createPlanViaApi(page, organizationId, 'Mensal Banco', { weeklySessionsLimit: null });
  await callApi(page, `/organizations/${organizationId}/enrollments`, {
    customerId: customer.id,
    planId: plan.id,
    scheduleId: schedule.id,
    startDate: dueDate,
    endDate: addDays(today, 60),
  });

  await page
    .getByRole('navigation', { name: 'Organization navigation' })
    .getByRole('link', { name: 'Events' })
    .click();
  const row = page
    .getByRole('region', { name: 'Payment reminders' })
    .getByRole('row', { name: /Rita Lembrete/ });
  await expect(row.getByRole('cell', { name: mediumDate(dueDate) })).toBeVisible();
  const daysLate = daysBetween(dueDate, today);
  const status = isStillPayable
    ? `Payable until ${mediumDate(lastPayableDay)}`
    : `${daysLate} ${daysLate === 1 ? 'day' : 'days'} overdue`;
  await expect(row.getByRole('cell', { name: status })).toBeVisible();

  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=payments`);
  const cycle = page.getByRole('listitem', { name: /^Billing cycle / }).first();
  // The cycle's state badge ("Due Nov 22, 2026" beside it is the due date, not the state).
  const [shown, notShown] = isStillPayable ? ['Due', 'Overdue'] : ['Overdue', 'Due'];
  await expect(cycle.getByText(shown, { exact: true })).toBeVisible();
  await expect(cycle.getByText(notShown, { exact: true })).toHaveCount(0);
});
