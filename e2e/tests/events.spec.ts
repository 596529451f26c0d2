import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { createCustomerViaApi, signUpWithOrganization } from '../support/organization.ts';

/**
 * Birthday messages (#13): the owner configures them (the preview follows the template as it is typed),
 * sees a customer whose birthday is in a few days, opens WhatsApp with the rendered message to her number
 * in international form, and marks another customer's birthday as sent; both rows then say what was done,
 * and the customer's Messages tab lists it.
 */

const TIME_ZONE = 'America/Sao_Paulo';
const OWNER = { firstName: 'Eva', lastName: 'Eventos' };

/** A date `days` from today in the organization's zone, `years` back: a birthday in the window. */
function birthdayIn(days: number, yearsBack: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const local = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(date);
  return { dateOfBirth: `${Number(local.slice(0, 4)) - yearsBack}${local.slice(4)}`, date: local };
}

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** The table row of a customer in the birthdays area (the cards are hidden at this width). */
function birthdayRow(page: Page, name: string) {
  return page
    .getByRole('region', { name: 'Birthdays', exact: true })
    .getByRole('row', { name: new RegExp(name) });
}

test('configure birthday messages, send one by WhatsApp, mark another as sent', async ({ page, context }) => {
  test.setTimeout(120_000);
  // WhatsApp is not reached from the test: the link's new tab gets a blank page.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: 'WhatsApp' }),
  );
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  // 28 years back keeps a 29 February a day.
  const ana = birthdayIn(3, 28);
  const bia = birthdayIn(10, 32);
  const anaCustomer = await createCustomerViaApi(page, organizationId, 'Ana', 'Aniversariante', {
    dateOfBirth: ana.dateOfBirth,
    phone: '(11) 98765-4321',
    isWhatsapp: true,
  });
  await createCustomerViaApi(page, organizationId, 'Bia', 'Balão', { dateOfBirth: bia.dateOfBirth });

  await page
    .getByRole('navigation', { name: 'Organization navigation' })
    .getByRole('link', { name: 'Events' })
    .click();
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();

  // The upcoming birthday: in 3 days, turning 28; nothing to send before the message is saved.
  const anaRow = birthdayRow(page, 'Ana Aniversariante');
  await expect(anaRow.getByRole('cell', { name: 'In 3 days' })).toBeVisible();
  await expect(anaRow.getByRole('cell', { name: '28', exact: true })).toBeVisible();
  await expect(anaRow.getByRole('button', { name: 'Send by WhatsApp to Ana Aniversariante' })).toBeDisabled();

  // Configure: the template with its placeholder, previewed as typed; enabled on the day at 09:00 by WhatsApp.
  const config = page.getByRole('region', { name: 'Birthday messages' });
  await config.getByLabel('Message', { exact: true }).fill('Oi {customerName}! Parabéns & muitas aulas <3');
  await expect(config.getByText('Oi Maria Silva! Parabéns & muitas aulas <3')).toBeVisible();
  await config.getByLabel('Message', { exact: true }).fill('Oi {customerName}! Parabéns {unknown}');
  await config.getByRole('button', { name: 'Save' }).click();
  await expect(config.getByText('Use only the placeholders listed for this message')).toBeVisible();
  await config
    .getByLabel('Message', { exact: true })
    .fill('Feliz aniversário, {customerName}! Um abraço do estúdio.');
  await config.getByLabel('Send automatically').check();
  await config.getByLabel('When').selectOption('ON_DAY');
  await config.getByLabel('Time of day').fill('09:00');
  await config.getByLabel('WhatsApp').check();
  await config.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Birthday events configuration saved successfully')).toBeVisible();

  // Send by WhatsApp: a wa.me link to the international number with the rendered message.
  const message = 'Feliz aniversário, Ana Aniversariante! Um abraço do estúdio.';
  const whatsApp = anaRow.getByRole('link', { name: 'Send by WhatsApp to Ana Aniversariante' });
  await expect(whatsApp).toHaveAttribute(
    'href',
    `https://wa.me/5511987654321?text=${encodeURIComponent(message)}`,
  );
  await expect(whatsApp).toHaveAttribute('target', '_blank');
  const popup = page.waitForEvent('popup');
  await whatsApp.click();
  await (await popup).close();
  await expect(toast(page, 'WhatsApp opened with the message')).toBeVisible();
  await expect(anaRow.getByText('Sent', { exact: true })).toBeVisible();
  await expect(anaRow.getByText(/By hand · .* · WhatsApp/)).toBeVisible();

  // Mark Bia's birthday as sent (sent outside the app): the job will not send it.
  const biaRow = birthdayRow(page, 'Bia Balão');
  await biaRow.getByRole('button', { name: 'Mark the message to Bia Balão as sent' }).click();
  await expect(toast(page, 'Marked as sent')).toBeVisible();
  await expect(biaRow.getByText(/Marked as sent · /)).toBeVisible();

  // Ana's Messages tab lists what was sent, by whom, and its text.
  await page.goto(`/app/org/${organizationId}/customers/${anaCustomer.id}/details?tab=messages`);
  const history = page.getByRole('tabpanel');
  await expect(history.getByRole('heading', { name: 'Messages' })).toBeVisible();
  const entry = history.getByRole('row', { name: /Birthday/ });
  await expect(entry.getByRole('cell', { name: 'WhatsApp' })).toBeVisible();
  await expect(entry.getByRole('cell', { name: 'Sent', exact: true })).toBeVisible();
  await entry.getByText('Show message').click();
  await expect(entry.getByText(message)).toBeVisible();
});

test('a member without customers or payments is told they may not access events', async ({ page }) => {
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  // The owner may: the screen opens. The refusal is the route's, for a profile with neither action.
  await page.goto(`/app/org/${organizationId}/events`);
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await page.route('**/api/auth/profile/access?**', (route) =>
    route.fulfill({ json: { userId: 'someone', grants: [], allowedEstablishmentIdsByAction: {} } }),
  );
  await page.reload();
  await expect(page.getByText('You do not have permission to access events.')).toBeVisible();
});

test('on a 390 px phone the events screen fits, with a card per birthday and its actions', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  await createCustomerViaApi(page, organizationId, 'Clara', 'Celular', {
    dateOfBirth: birthdayIn(1, 40).dateOfBirth,
    phone: '(21) 99876-5432',
  });
  await page.goto(`/app/org/${organizationId}/events`);
  const card = page.getByRole('listitem').filter({ hasText: 'Clara Celular' });
  await expect(card.getByText(/In 1 day · Turns 40/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Mark the message to Clara Celular as sent' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
