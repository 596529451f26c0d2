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
 * Class packs (issue #26 §2, decision 029): staff create a pack plan, sell it to a customer from their page,
 * record its payment once through the payment flow, add the customer to a class from the pack — the dialog
 * shows the balance and the class is spent — cancel with notice, which gives it back, and find the sale in
 * the list of plans sold, on a laptop and on a phone.
 */

async function getApi<T>(page: Page, path: string): Promise<T> {
  const tokenAnswer = await page.request.get('/api/auth/token');
  const { token } = (await tokenAnswer.json()) as { token: string };
  const response = await page.request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test('a pack is sold, paid once and spent by adding the customer to a class', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Paula', lastName: 'Pacotes' },
    'Studio Pacotes',
  );
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Pacote');
  const customer = await createCustomerViaApi(page, organizationId, 'Bruna', 'Avulsa');

  // The plan: a pack of 3 classes valid for 60 days; a pack asks for no billing cycle.
  await page.goto(`/app/org/${organizationId}/customer-plans`);
  await page.getByRole('button', { name: 'New plan' }).click();
  const planDialog = page.getByRole('dialog', { name: 'New plan' });
  await planDialog.getByLabel('Plan name').fill('Pacote 3 aulas');
  await planDialog.getByLabel('Kind').selectOption({ label: 'Pack of classes' });
  await expect(planDialog.getByLabel('Billing cycle')).toBeHidden();
  await planDialog.getByLabel('Description').fill('Três aulas no reformer');
  await planDialog.getByLabel('Price').fill('300.00');
  await planDialog.getByLabel('Classes in the pack').fill('3');
  await planDialog.getByLabel('Valid for (days)').fill('60');
  await planDialog.getByRole('textbox', { name: 'Service 1' }).fill('Reformer');
  await planDialog.getByRole('button', { name: 'Create plan' }).click();
  await expect(planDialog).toBeHidden();
  await expect(page.getByText('Pack of classes · 3 classes · valid 60 days')).toBeVisible();

  // Sold from the customer's page: the balance and expiry show beside their enrollments.
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=enrollments`);
  const packs = page.getByRole('region', { name: 'Packs and single classes' });
  await packs.getByRole('button', { name: 'Sell a plan' }).click();
  const sell = page.getByRole('dialog', { name: 'Sell a pack, single or trial class' });
  await expect(sell.getByLabel('Plan')).toContainText('Pacote 3 aulas — 3 classes');
  await sell.getByRole('button', { name: 'Sell' }).click();
  await expect(sell).toBeHidden();
  await expect(packs.getByTestId('purchase-balance')).toContainText('3 of 3 classes left · valid until');
  await expect(packs.getByText('Not paid')).toBeVisible();

  // Paid once, through the payment flow opened on its details step.
  await packs.getByRole('link', { name: 'Record payment' }).click();
  await expect(page.getByRole('heading', { name: 'New payment', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Amount')).toHaveValue('300.00');
  await page.getByLabel('Payment method').selectOption({ label: 'Cash' });
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=enrollments`);
  await expect(packs.getByText('Paid', { exact: true })).toBeVisible();
  await expect(packs.getByRole('link', { name: 'Record payment' })).toHaveCount(0);

  // Added to a class from the pack: the dialog shows the balance, adding spends one.
  const { items } = await getApi<{ items: { id: string }[] }>(
    page,
    `/organizations/${organizationId}/sessions?${new URLSearchParams({ from: localDate(2), to: localDate(9), scheduleId: schedule.id })}`,
  );
  const sessionId = items[0]?.id;
  if (!sessionId) throw new Error('no session ahead');
  await page.goto(`/app/org/${organizationId}/attendance/session/${sessionId}`);
  await page.getByRole('button', { name: 'Add customers' }).click();
  const add = page.getByRole('dialog', { name: 'Add customers to this session' });
  await add.getByPlaceholder('Search by name (at least 2 characters)').fill('Avulsa');
  await add.getByRole('checkbox', { name: 'Bruna Avulsa' }).check();
  await add.getByLabel('Reason').selectOption({ label: 'Other' });
  await expect(add.getByText(/Bruna Avulsa: Pacote 3 aulas — 3 of 3 classes left/)).toBeVisible();
  await expect(add.getByRole('checkbox', { name: /Spend a class/ })).toBeChecked();
  await add.getByRole('button', { name: 'Add customers' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('Added: one class of Pacote 3 aulas spent, 2 left.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status of Bruna Avulsa' })).toBeVisible();
  // The session page says the place came from the pack, and what is left of it.
  await expect(page.getByText('Pacote 3 aulas: class spent, 2 left').first()).toBeVisible();
  // Canceled days ahead, with the notice the organization asks (24 h by default): the class goes back.
  await page.getByRole('combobox', { name: 'Status of Bruna Avulsa' }).selectOption({ label: 'Canceled' });
  await expect(page.getByText(/the class went back to their pack/)).toBeVisible();
  await expect(page.getByText('Pacote 3 aulas: class given back, 3 left').first()).toBeVisible();

  // The list of plans sold, filtered to active packs, on a phone: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/org/${organizationId}/purchases?kind=PACK&state=ACTIVE`);
  await expect(page.getByRole('heading', { name: 'Plans sold', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bruna Avulsa' })).toBeVisible();
  await expect(page.getByTestId('purchase-balance')).toContainText('3 of 3 classes left');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // A single class valid for a week: the dashboard lists it among the packs about to expire (#26 §5); the
  // 60-day pack is not there yet.
  const single = await createPlanViaApi(page, organizationId, 'Aula avulsa', {
    kind: 'SINGLE',
    validityDays: 7,
    weeklySessionsLimit: null,
  });
  await callApi(page, `/organizations/${organizationId}/purchases`, {
    customerId: customer.id,
    planId: single.id,
  });
  await page.goto(`/app/org/${organizationId}`);
  const expiring = page.getByRole('region', { name: /expiring within 14 days/ });
  await expect(expiring.getByRole('heading')).toHaveText('1 pack expiring within 14 days');
  await expect(expiring.getByRole('link', { name: 'Bruna Avulsa' })).toBeVisible();
  await expect(expiring.getByText(/Aula avulsa · 1 class left · until/)).toBeVisible();
  await expect(expiring.getByText(/Pacote 3 aulas/)).toHaveCount(0);
});
