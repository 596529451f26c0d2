import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import {
  callApi,
  createCustomerViaApi,
  createScheduleViaApi,
  localDate,
  signUpWithOrganization,
} from '../support/organization.ts';

/**
 * The waitlist (issue #18, decision 024): a one-seat class is full; staff put two people on its waitlist
 * and reorder them; the seated customer cancels and the first in line is offered the seat (with a WhatsApp
 * button for the member); the customer opens the offer's link in a browser of their own, signed out, on a
 * phone, and accepts — they are on the roster.
 */

test('a freed seat goes to the first in line, who accepts it from the public link', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Wanda', lastName: 'Espera' },
    'Studio Lista de Espera',
  );
  const orgPath = `/organizations/${organizationId}`;
  const date = localDate(3);
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Lotado', {
    capacity: 1,
    recurrenceType: 'SINGLE',
    startDate: date,
    endDate: date,
    daysOfWeek: [],
  });
  const query = new URLSearchParams({ from: date, to: date, scheduleId: schedule.id });
  const { items } = await callApi<{ items: { id: string }[] }>(
    page,
    `${orgPath}/sessions?${query}`,
    {},
    'GET',
  );
  const sessionId = items[0]?.id ?? '';
  const seated = await createCustomerViaApi(page, organizationId, 'Sara', 'Sentada');
  await createCustomerViaApi(page, organizationId, 'Bia', 'Espera', { phone: '+5511987654321' });
  await createCustomerViaApi(page, organizationId, 'Caio', 'Espera', { phone: '+5511912345678' });
  await callApi(page, `${orgPath}/sessions/${sessionId}/customers`, {
    customerIds: [seated.id],
    reason: 'OTHER',
  });

  await page.goto(`/app/org/${organizationId}/attendance/session/${sessionId}`);
  const waitlist = page.getByRole('region', { name: 'Waitlist' });
  await expect(waitlist.getByText('Nobody is waiting for this session.')).toBeVisible();
  await waitlist.getByRole('button', { name: 'Add to waitlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to the waitlist' });
  await dialog.getByPlaceholder('Search by name (at least 2 characters)').fill('Espera');
  await dialog.getByRole('checkbox', { name: 'Bia Espera' }).check();
  await dialog.getByRole('checkbox', { name: 'Caio Espera' }).check();
  await dialog.getByRole('button', { name: 'Add to waitlist' }).click();
  await expect(dialog).toBeHidden();
  const entries = waitlist.getByTestId('waitlist-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Bia Espera');

  // Caio goes first.
  await waitlist.getByRole('button', { name: 'Move Caio Espera up' }).click();
  await expect(entries.nth(0)).toContainText('Caio Espera');
  await expect(entries.nth(1)).toContainText('Bia Espera');

  // The rest at the front desk's phone: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  // The seated customer cancels: the seat is offered to Caio, held for him.
  await page.getByRole('combobox', { name: 'Status of Sara Sentada' }).selectOption({ label: 'Canceled' });
  await expect(entries.nth(0)).toContainText('Offered');
  await expect(entries.nth(0)).toContainText(/left/);
  // The session's own figures count the held seat: still full, no seat to give away at the desk.
  const figures = page.locator('header dl');
  await expect(figures).toContainText('1 seat held by an offer');
  await expect(figures).toContainText('0/1');
  await expect(figures).toContainText('Full');
  const whatsApp = waitlist.getByRole('link', { name: 'Send the offer to Caio Espera by WhatsApp' });
  await expect(whatsApp).toHaveAttribute('href', /^https:\/\/wa\.me\/5511912345678\?text=/);
  const staffOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(staffOverflow).toBeLessThanOrEqual(0);
  const text = new URL((await whatsApp.getAttribute('href')) ?? '').searchParams.get('text') ?? '';
  const offerPath = /\/waitlist-offers\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(offerPath, text).toBeTruthy();

  // The customer's own phone: a fresh browser with no session.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const customerPage = await phone.newPage();
  await customerPage.goto(offerPath ?? '');
  await expect(customerPage.getByRole('heading', { name: 'A seat for you' })).toBeVisible();
  await expect(customerPage.getByText('Hi Caio! A seat opened in this class')).toBeVisible();
  await expectAccessible(customerPage, 'the waitlist offer page');
  await expect(customerPage.getByText(/^Reformer Lotado ·/)).toBeVisible();
  // The hold may run past today: its end shows the day as well as the time.
  await expect(customerPage.getByText(/^\w{3}, \d{2}\/\d{2},? \d{2}:\d{2}\s[AP]M$/)).toBeVisible();
  const overflow = await customerPage.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const accept = customerPage.getByRole('button', { name: 'Accept the seat' });
  await accept.dblclick();
  await expect(customerPage.getByText('You are in the class. See you there!')).toBeVisible();
  await phone.close();

  // Back at the studio: Caio is on the roster, once; Bia waits first in line.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status of Caio Espera' })).toHaveValue('CONFIRMED');
  await expect(entries.nth(0)).toContainText('Bia Espera');
  await expect(entries.nth(0)).toContainText('Waiting');
  const session = await callApi<{ roster: { customerId: string }[] }>(
    page,
    `${orgPath}/sessions/${sessionId}`,
    {},
    'GET',
  );
  expect(session.roster.filter((entry) => entry.customerId !== seated.id)).toHaveLength(1);
});
