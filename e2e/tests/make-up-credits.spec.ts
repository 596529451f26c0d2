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
 * Make-up credits (issue #18): an enrolled customer cancels a class two days ahead and the session page
 * says a credit was earned; staff book a make-up in another class of the same establishment, which shows
 * the credit it will use and spends it; the customer's details list the credit as used, on a laptop and on
 * a phone.
 */

type SessionItem = { id: string; startsAt: string };

/** The API's answer for a GET, with the signed-in user's token (set-up, not what the test checks). */
async function getApi<T>(page: Page, path: string): Promise<T> {
  const tokenAnswer = await page.request.get('/api/auth/token');
  const { token } = (await tokenAnswer.json()) as { token: string };
  const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The schedule's first session starting at least `hours` from now. */
async function sessionAhead(page: Page, orgPath: string, scheduleId: string, hours: number) {
  const query = new URLSearchParams({ from: localDate(0), to: localDate(30), scheduleId });
  const { items } = await getApi<{ items: SessionItem[] }>(page, `${orgPath}/sessions?${query}`);
  const session = items.find((item) => Date.parse(item.startsAt) > Date.now() + hours * 3_600_000);
  if (!session) throw new Error(`no session of ${scheduleId} ${hours} h ahead`);
  return session.id;
}

test('a cancellation with notice earns a credit that a make-up then spends', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Renata', lastName: 'Reposição' },
    'Studio Reposição',
  );
  const orgPath = `/organizations/${organizationId}`;
  const morning = await createScheduleViaApi(page, organizationId, 'Reformer Manhã');
  const { establishmentId, staffUserId } = await getApi<{ establishmentId: string; staffUserId: string }>(
    page,
    `${orgPath}/schedules/${morning.id}`,
  );
  const evening = await callApi(page, `${orgPath}/schedules`, {
    name: 'Reformer Noite',
    type: 'GROUP',
    establishmentId,
    staffUserId,
    capacity: 6,
    startTime: '19:00',
    endTime: '20:00',
    startDate: localDate(1),
    endDate: localDate(28),
    recurrenceType: 'WEEKLY',
    daysOfWeek: [1, 2, 3, 4, 5],
  });
  const plan = await createPlanViaApi(page, organizationId, 'Mensal livre');
  const customer = await createCustomerViaApi(page, organizationId, 'Lívia', 'Remarcada');
  await callApi(page, `${orgPath}/enrollments`, {
    customerId: customer.id,
    planId: plan.id,
    scheduleId: morning.id,
    startDate: localDate(0),
    endDate: localDate(30),
  });
  const canceled = await sessionAhead(page, orgPath, morning.id, 48);
  const makeUp = await sessionAhead(page, orgPath, evening.id, 48);

  // Cancelling two days ahead: the notice the default rules ask for is 24 hours.
  await page.goto(`/app/org/${organizationId}/attendance/session/${canceled}`);
  await page.getByRole('combobox', { name: 'Status of Lívia Remarcada' }).selectOption({ label: 'Canceled' });
  const notice = page.getByTestId('make-up-credit-notice');
  await expect(notice).toContainText('Lívia Remarcada earned a make-up credit, valid until');
  await expect(page.getByRole('combobox', { name: 'Status of Lívia Remarcada' })).toHaveValue('CANCELED');

  // The make-up, in an evening class of the same establishment.
  await page.goto(`/app/org/${organizationId}/attendance/session/${makeUp}`);
  await page.getByRole('button', { name: 'Add customers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add customers to this session' });
  await dialog.getByPlaceholder('Search by name (at least 2 characters)').fill('Remarcada');
  await dialog.getByRole('checkbox', { name: 'Lívia Remarcada' }).check();
  await dialog.getByLabel('Reason').selectOption({ label: 'Make-up class' });
  await expect(dialog.getByLabel('Status')).toHaveValue('REPOSITION');
  await expect(
    dialog.getByText(/Lívia Remarcada: 1 valid credit; the one valid until .+ will be used\./),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Add customers' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Status of Lívia Remarcada' })).toHaveValue('REPOSITION');

  // The customer's details: earned one, used one, the make-up class named.
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=makeUpCredits`);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByTestId('make-up-credits-earned')).toHaveText('1');
  await expect(panel.getByTestId('make-up-credits-used')).toHaveText('1');
  await expect(panel.getByTestId('make-up-credits-available')).toHaveText('0');
  const row = panel.getByRole('row', { name: /Reformer Manhã/ });
  await expect(row).toContainText('Used');
  await expect(row).toContainText('Reformer Noite');

  // On a phone the same credit is a card, with nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const card = panel.getByRole('listitem').filter({ hasText: 'Reformer Manhã' });
  await expect(card).toContainText('Used');
  await expect(card).toContainText('Make-up class: Reformer Noite');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
