import { expect, test } from '@playwright/test';
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
 * A customer's class link (decision 025): staff send it from the customer's page; the customer opens it on
 * their phone, signed out, sees their classes, and cancels one two days ahead — the confirm step and then
 * the result say a make-up credit was earned; the session page then shows the customer as canceled.
 */

type SessionItem = { id: string; startsAt: string };

test('the customer cancels a place through their class link and earns a credit', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Clara', lastName: 'Link' },
    'Studio Link',
  );
  const orgPath = `/organizations/${organizationId}`;
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Manhã');
  const plan = await createPlanViaApi(page, organizationId, 'Mensal livre');
  const customer = await createCustomerViaApi(page, organizationId, 'Lívia', 'Linkada', {
    email: `livia-${Date.now()}@example.com`,
    phone: '+5511987654321',
  });
  await callApi(page, `${orgPath}/enrollments`, {
    customerId: customer.id,
    planId: plan.id,
    scheduleId: schedule.id,
    startDate: localDate(0),
    endDate: localDate(30),
  });
  const query = new URLSearchParams({ from: localDate(0), to: localDate(30), scheduleId: schedule.id });
  const { items } = await callApi<{ items: SessionItem[] }>(page, `${orgPath}/sessions?${query}`, {}, 'GET');
  const target = items.find((item) => Date.parse(item.startsAt) > Date.now() + 48 * 3_600_000);
  if (!target) throw new Error('no session two days ahead');

  // Staff send the link from the customer's page.
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=makeUpCredits`);
  await page.getByRole('button', { name: 'Send class link' }).click();
  const linkField = page.getByLabel('The new link');
  await expect(linkField).toHaveValue(/\/my-classes\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('link', { name: 'Send by WhatsApp' })).toBeVisible();
  await expect(page.getByTestId('class-link-status')).toContainText('A link is live since');
  const url = new URL(await linkField.inputValue());

  // The customer's own phone: a fresh browser with no session.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const customerPage = await phone.newPage();
  await customerPage.goto(url.pathname);
  await expect(
    customerPage.getByText('Hi Lívia! Your classes at Studio Link in the next 30 days.'),
  ).toBeVisible();
  await expectAccessible(customerPage, 'the customer’s classes page');
  const place = customerPage.locator(`[data-session-id="${target.id}"]`);
  await place.getByRole('button', { name: /Cancel my place in Reformer Manhã/ }).click();
  await expect(place.getByText(/You will earn a make-up credit, valid until/)).toBeVisible();
  await place.getByRole('button', { name: 'Yes, cancel my place' }).dblclick();
  await expect(customerPage.getByRole('status')).toContainText(
    /Your place is canceled\. You earned a make-up credit, valid until/,
  );
  await expect(place).toContainText(/Canceled · make-up credit valid until/);
  const overflow = await customerPage.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.close();

  // Back at the studio: the session shows the customer as canceled.
  await page.goto(`/app/org/${organizationId}/attendance/session/${target.id}`);
  await expect(page.getByRole('combobox', { name: 'Status of Lívia Linkada' })).toHaveValue('CANCELED');
});
