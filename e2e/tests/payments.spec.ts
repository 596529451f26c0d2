import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { typedDate } from '../support/date-entry.ts';
import {
  callApi,
  createCustomerViaApi,
  createPlanViaApi,
  createScheduleViaApi,
  signUpWithOrganization,
} from '../support/organization.ts';
import { toast } from '../support/page-checks.ts';

/**
 * A month's fee paid by PIX: the owner sets the studio's PIX key in settings, records the payment of an
 * enrolled customer through the three steps (a customer without an enrollment cannot be chosen), shows
 * the QR code and the "copia e cola" code, finds it in the list with the period's total and in the
 * customer's Payments tab with the cycle paid; a refund opens the cycle again.
 */

const TIME_ZONE = 'America/Sao_Paulo';
const OWNER = { firstName: 'Paula', lastName: 'Pagadora' };
const CUSTOMER = 'Márcia Matriculada';
const NOT_ENROLLED = 'Nina Novata';
const PLAN = 'Mensal Reformer';
const SCHEDULE = 'Reformer Tarde';
const PIX_KEY = 'financeiro@estudio-exemplo.com.br';

/** Today in the organization's zone, as the enrollment's first billing cycle starts. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
}

/** The table and the cards are both in the page, one hidden by the width: the one shown. */
function paymentRow(page: Page) {
  return page.getByRole('row', { name: new RegExp(CUSTOMER) });
}

/** The customer's Payments tab: the first billing cycle of her enrollment. */
async function firstCycle(page: Page, organizationId: string, customerId: string) {
  await page.goto(`/app/org/${organizationId}/customers/${customerId}/details?tab=payments`);
  await expect(page.getByRole('heading', { name: 'Payments', level: 2 })).toBeVisible();
  return page.getByRole('listitem', { name: /^Billing cycle / }).first();
}

test('record a PIX payment in three steps, show its QR code, see the cycle paid, refund it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  const customer = await createCustomerViaApi(page, organizationId, 'Márcia', 'Matriculada', {
    phone: '(11) 98765-4321',
  });
  await createCustomerViaApi(page, organizationId, 'Nina', 'Novata');
  const schedule = await createScheduleViaApi(page, organizationId, SCHEDULE);
  const plan = await createPlanViaApi(page, organizationId, PLAN);
  await callApi(page, `/organizations/${organizationId}/enrollments`, {
    customerId: customer.id,
    planId: plan.id,
    scheduleId: schedule.id,
    startDate: today(),
  });

  // Settings → Payments: a key that is none of the PIX kinds is refused, an e-mail is kept.
  await page
    .getByRole('navigation', { name: 'Organization navigation' })
    .getByRole('link', { name: 'Organization Settings' })
    .click();
  await page.getByRole('tab', { name: 'Payments' }).click();
  await page.getByLabel('PIX key').fill('12345');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^Please enter a valid PIX key/)).toBeVisible();
  await page.getByLabel('PIX key').fill(PIX_KEY);
  await page.getByLabel('Merchant name (optional)').fill('Estúdio Reformer');
  await page.getByLabel('City (optional)').fill('São Paulo');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'PIX settings saved.')).toBeVisible();

  // The navigation's Payments entry leads to the list, empty for now.
  await page
    .getByRole('navigation', { name: 'Organization navigation' })
    .getByRole('link', { name: 'Payments' })
    .click();
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Payments · /);
  await expect(page.getByText('No payments yet')).toBeVisible();

  // Step 1: a customer without an enrollment is listed but cannot be chosen, and says why.
  await page.getByRole('link', { name: 'New payment' }).click();
  await expect(page.getByRole('heading', { name: 'New payment', level: 1 })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search customers' });
  await search.fill('nina');
  const notEnrolled = page.getByRole('radio', { name: new RegExp(NOT_ENROLLED) });
  await expect(notEnrolled).toBeDisabled();
  await expect(notEnrolled).toHaveAccessibleName(
    /No enrollment or plan sold yet — enroll them or sell them a plan first/,
  );
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await search.fill('marcia');
  await page.getByRole('radio', { name: new RegExp(CUSTOMER) }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: her one enrollment is chosen, with the plan's price and the cycle this payment pays.
  const enrollment = page.getByRole('radio', { name: new RegExp(`${PLAN} — ${SCHEDULE}`) });
  await expect(enrollment).toBeChecked();
  await expect(enrollment).toHaveAccessibleName(/R\$249\.00 per billing cycle/);
  await expect(page.getByText(/^This payment pays the cycle /)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: the amount comes from the plan; what is typed survives going back and forth.
  await expect(page.getByLabel('Amount')).toHaveValue('249.00');
  await expect(page.getByLabel('Payment date')).toHaveValue(typedDate(today(), 'en_US'));
  await expect(page.getByLabel('Status')).toHaveValue('COMPLETED');
  // Next is not a submit: arriving here checked nothing yet (the method still to choose is not flagged).
  await expect(page.getByText('This field is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByLabel('Payment method').selectOption({ label: 'PIX' });
  await page.getByLabel('Notes (optional)').fill('Paid at the front desk.');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(enrollment).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Payment method')).toHaveValue('PIX');
  await expect(page.getByLabel('Notes (optional)')).toHaveValue('Paid at the front desk.');
  // The step is in the address: a reload comes back to it with the amount from the plan, and the browser's
  // Back and Forward walk the steps instead of leaving the flow.
  await expect(page).toHaveURL(/step=details/);
  await page.reload();
  await expect(page.getByLabel('Amount')).toHaveValue('249.00');
  await page.goBack();
  await expect(enrollment).toBeChecked();
  await page.goForward();
  await expect(page.getByLabel('Amount')).toHaveValue('249.00');
  await page.getByLabel('Payment method').selectOption({ label: 'PIX' });
  await expect(page.getByRole('dialog', { name: 'PIX code' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(page, `Payment of R$249.00 from ${CUSTOMER} recorded.`)).toBeVisible();
  // Recorded as already paid (Completed), it goes back to the list: no PIX code pops up to pay it again.
  await expect(page).toHaveURL(new RegExp(`/app/org/${organizationId}/payments(\\?|$)`));
  await expect(page.getByRole('dialog', { name: 'PIX code' })).toHaveCount(0);

  // The PIX code, from the row: a BR Code for the amount, drawn as a QR code, to copy or send by WhatsApp.
  await paymentRow(page)
    .getByRole('button', { name: new RegExp(`^Show the PIX code of the payment of ${CUSTOMER}`) })
    .click();
  const pix = page.getByRole('dialog', { name: 'PIX code' });
  await expect(pix.getByRole('img', { name: 'QR code of the PIX payment of R$249.00' })).toBeVisible();
  const code = await pix.getByLabel('PIX copy and paste code').inputValue();
  expect(code.startsWith('000201')).toBe(true);
  expect(code).toContain('br.gov.bcb.pix');
  expect(code).toContain(PIX_KEY);
  expect(code).toContain('5406249.00');
  // Bank apps refuse accents in the merchant's name and city: they are left out.
  expect(code).toContain('Estudio Reformer');
  expect(code).toContain('Sao Paulo');
  // WhatsApp gets her number and the payment reminder's greeting with the amount, then the code.
  const [year, month, day] = today().split('-');
  const greeting = `Hi ${CUSTOMER}, a reminder that your ${PLAN} payment of R$ 249,00 is due on ${day}/${month}/${year}.`;
  await expect(pix.getByRole('link', { name: 'Send by WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/5511987654321?text=${encodeURIComponent(`${greeting}\n\nPIX copy and paste code:\n${code}`)}`,
  );
  await pix.getByRole('button', { name: 'Done' }).click();

  // The list: the payment and the total received in reais.
  await expect(paymentRow(page)).toContainText(PLAN);
  await expect(paymentRow(page)).toContainText('R$249.00');
  await expect(paymentRow(page)).toContainText('PIX');
  await expect(paymentRow(page)).toContainText('Completed');
  const brl = page.getByRole('listitem', { name: 'Totals in BRL' });
  await expect(brl).toContainText('1 payment');
  await expect(brl.getByRole('definition').first()).toHaveText('R$249.00');

  // Her Payments tab: the first cycle is paid.
  const cycle = await firstCycle(page, organizationId, customer.id);
  await expect(cycle).toContainText('Paid');
  await expect(cycle).toContainText('R$249.00 of R$249.00');

  // Refunded from the list: the status says so, nothing is received, and the cycle is open again.
  await page.getByRole('link', { name: 'See all in Payments' }).click();
  await expect(page).toHaveURL(/customerId=/);
  await expect(page.getByRole('button', { name: `Show every customer` })).toContainText(CUSTOMER);
  await paymentRow(page)
    .getByRole('button', { name: new RegExp(`^Refund the payment of ${CUSTOMER} on `) })
    .click();
  const refund = page.getByRole('dialog', { name: 'Refund payment' });
  await refund.getByRole('button', { name: 'Refund payment' }).click();
  await expect(toast(page, 'R$249.00 refunded.')).toBeVisible();
  await expect(refund).toBeHidden();
  await expect(paymentRow(page)).toContainText('Refunded');
  await expect(brl.getByRole('definition').first()).toHaveText('R$0.00');

  const reopened = await firstCycle(page, organizationId, customer.id);
  await expect(reopened).toContainText('R$0.00 of R$249.00');
  await expect(reopened).toContainText(/Due|Overdue/);
});
