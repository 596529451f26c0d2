import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { typedDate } from '../support/date-entry.ts';
import {
  createCustomerViaApi,
  createPlanViaApi,
  createScheduleViaApi,
  signUpWithOrganization,
} from '../support/organization.ts';
import { toast } from '../support/page-checks.ts';

/**
 * A customer's fixed place in a class: the owner enrolls her through the form (found by a search typed
 * without her name's accent), she is on the roster of the sessions it covers and is checked in there, a
 * second enrollment in the same class is refused with the spec's words, and a pause takes her off the
 * rosters from its date while the session she attended keeps her.
 */

const TIME_ZONE = 'America/Sao_Paulo';
const OWNER = { firstName: 'Rita', lastName: 'Recepção' };
const CUSTOMER = 'Márcia Matriculada';
const SCHEDULE = 'Reformer Manhã';
const PLAN = 'Mensal Reformer';
const DUPLICATE = 'This customer is already enrolled in the selected schedule.';

/** A calendar date in the organization's zone, `days` from today there. */
function localDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** One month from `date`, less a day (a start past the next month's last day counts from that last day). */
function monthlyCycleEnd(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const daysInNextMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(year, month, Math.min(day, daysInNextMonth)));
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/** The roster row of the customer on a session page. */
function rosterRow(page: Page) {
  return page.getByRole('row', { name: new RegExp(CUSTOMER) });
}

/** Customer by search (one letter is not enough), plan (the end date follows it), schedule with its seats. */
async function fillEnrollmentForm(page: Page) {
  const search = page.getByRole('searchbox', { name: 'Search customers' });
  await search.fill('m');
  await expect(page.getByText('Type at least 2 characters to search.')).toBeVisible();
  await search.fill('marcia');
  const found = page.getByRole('button', { name: new RegExp(CUSTOMER) });
  await expect(found).toBeVisible();
  await expect(page.getByRole('button', { name: /Bruno Barbosa/ })).toHaveCount(0);
  await found.click();
  await expect(page.getByRole('button', { name: `Change the customer (${CUSTOMER})` })).toBeVisible();

  await expect(page.getByLabel('Start date')).toHaveValue(typedDate(localDate(0), 'en_US'));
  await expect(page.getByLabel('End date')).toHaveValue('');
  await page.getByLabel('Plan').selectOption({ label: PLAN });
  await expect(page.getByText('R$249.00, monthly billing')).toBeVisible();
  await expect(page.getByLabel('End date')).toHaveValue(typedDate(monthlyCycleEnd(localDate(0)), 'en_US'));
  // The placeholder, then the one schedule: how it runs and its seats over the enrollment's period.
  const schedule = page.getByLabel('Schedule');
  await expect(schedule.locator('option').nth(1)).toHaveText(
    new RegExp(`^${SCHEDULE} — Mon, Tue, Wed, Thu, Fri 7:00 AM - 8:00 AM — 6 seats free$`),
  );
  await schedule.selectOption({ index: 1 });
}

test('enroll a customer, see her on the rosters, refuse a duplicate, pause her out of future sessions', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  const customer = await createCustomerViaApi(page, organizationId, 'Márcia', 'Matriculada');
  await createCustomerViaApi(page, organizationId, 'Bruno', 'Barbosa');
  await createScheduleViaApi(page, organizationId, SCHEDULE);
  await createPlanViaApi(page, organizationId, PLAN);

  // The navigation's Enrollment entry leads to the list, empty for now.
  await page
    .getByRole('navigation', { name: 'Organization navigation' })
    .getByRole('link', { name: 'Enrollment' })
    .click();
  await expect(page.getByRole('heading', { name: 'Enrollments', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Enrollments · /);
  await expect(page.getByText('No enrollments yet')).toBeVisible();

  // The form: nothing chosen is refused by the shared schema before anything is sent.
  await page.getByRole('link', { name: 'New enrollment' }).click();
  await expect(page.getByRole('heading', { name: 'New enrollment', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Enroll customer' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(3);
  await fillEnrollmentForm(page);
  await page.getByRole('button', { name: 'Enroll customer' }).click();
  await expect(toast(page, `${CUSTOMER} enrolled in “${SCHEDULE}”.`)).toBeVisible();

  // The details: active, the sessions it covers, each opening its session page.
  await expect(page.getByRole('heading', { name: `Enrollment of ${CUSTOMER}` })).toBeVisible();
  const detailsUrl = page.url();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  const sessionLinks = page.getByRole('link', { name: /^Open the session of / });
  await expect(sessionLinks.first()).toBeVisible();
  const lastSessionUrl = await sessionLinks.last().getAttribute('href');
  if (!lastSessionUrl) throw new Error('The last session has no link');

  // On the first session's roster as enrolled: confirmed, and she can be checked in.
  await sessionLinks.first().click();
  await expect(rosterRow(page)).toContainText('Enrolled');
  await expect(rosterRow(page).getByRole('combobox', { name: `Status of ${CUSTOMER}` })).toHaveValue(
    'CONFIRMED',
  );
  await rosterRow(page)
    .getByRole('button', { name: `Check in ${CUSTOMER}` })
    .click();
  await expect(toast(page, `${CUSTOMER} checked in.`)).toBeVisible();
  await expect(rosterRow(page).getByText(/^Checked in at /)).toBeVisible();
  await page.goto(lastSessionUrl);
  await expect(rosterRow(page)).toContainText('Enrolled');

  // The customer's Enrollments tab lists it; its New enrollment comes with her chosen. Same class again: 409.
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=enrollments`);
  await expect(page.getByRole('link', { name: SCHEDULE })).toBeVisible();
  await page.getByRole('link', { name: 'New enrollment' }).click();
  await expect(page.getByText(CUSTOMER, { exact: true })).toBeVisible();
  await page.getByLabel('Plan').selectOption({ label: PLAN });
  const schedule = page.getByLabel('Schedule');
  await expect(schedule.locator('option').nth(1)).toHaveText(/ — 5 seats free$/);
  await schedule.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Enroll customer' }).click();
  await expect(toast(page, DUPLICATE)).toBeVisible();
  await expect(page.locator('form').getByText(DUPLICATE)).toBeVisible();
  await expect(page).toHaveURL(/\/enrollments\/new/);

  // Edit keeps the customer, plan and class, and saves the notes.
  await page.goto(detailsUrl);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit enrollment', level: 1 })).toBeVisible();
  await expect(page.getByText(CUSTOMER, { exact: true })).toBeVisible();
  await expect(page.getByLabel('End date')).toHaveValue(typedDate(monthlyCycleEnd(localDate(0)), 'en_US'));
  await page.getByLabel('Notes (optional)').fill('Prefers the reformer by the window.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `Enrollment of ${CUSTOMER} updated.`)).toBeVisible();
  await expect(page.getByText('Prefers the reformer by the window.')).toBeVisible();

  // Pause from ten days on: the later sessions lose her, the one she attended keeps her.
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Pause enrollment' });
  await expect(dialog.getByLabel('Pause from')).toHaveValue(typedDate(localDate(0), 'en_US'));
  await dialog.getByRole('button', { name: 'Pause enrollment' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel('Pause from').fill(typedDate(localDate(10), 'en_US'));
  await dialog.getByLabel('Resume on').fill(typedDate(localDate(60), 'en_US'));
  await dialog.getByRole('button', { name: 'Pause enrollment' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, `Enrollment of ${CUSTOMER} paused.`)).toBeVisible();
  await expect(page.getByText('Paused', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();

  await page.goto(lastSessionUrl);
  await expect(page.getByText('No customers in this session yet.')).toBeVisible();
  await page.goto(detailsUrl);
  await sessionLinks.first().click();
  await expect(rosterRow(page).getByText(/^Checked in at /)).toBeVisible();

  // The list shows it paused, and its status filter keeps to the URL.
  await page.goto(`/app/org/${organizationId}/enrollments?status=ACTIVE`);
  await expect(page.getByText('No enrollments match these filters')).toBeVisible();
  await page.getByLabel('Status').selectOption('PAUSED');
  await expect(page).toHaveURL(/status=PAUSED/);
  const row = page.getByRole('row', { name: new RegExp(CUSTOMER) });
  await expect(row).toContainText(PLAN);
  await expect(row).toContainText(SCHEDULE);
  await expect(row).toContainText('Paused');
});
