import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { callApi, createCustomerViaApi, signUp, signUpWithOrganization } from '../support/organization.ts';
import { toast } from '../support/page-checks.ts';

/**
 * Birthday messages (#13): the owner configures them (the preview follows the template as it is typed),
 * sees a customer whose birthday is in a few days, opens WhatsApp with the rendered message to her number
 * in international form once the server has recorded it, and marks another customer's birthday as sent;
 * both rows then say what was done, and the customer's Messages tab lists it.
 */

const TIME_ZONE = 'America/Sao_Paulo';
const sendDueEvents = fileURLToPath(new URL('../../scripts/send-due-events.mjs', import.meta.url));
const OWNER = { firstName: 'Eva', lastName: 'Eventos' };

/** A date `days` from today in the organization's zone, `years` back: a birthday in the window. */
function birthdayIn(days: number, yearsBack: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const local = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(date);
  return { dateOfBirth: `${Number(local.slice(0, 4)) - yearsBack}${local.slice(4)}`, date: local };
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
  const caio = birthdayIn(5, 40);
  const caioCustomer = await createCustomerViaApi(page, organizationId, 'Caio', 'Colega', {
    dateOfBirth: caio.dateOfBirth,
    phone: '(11) 91234-5678',
    isWhatsapp: true,
  });

  await page
    .getByRole('navigation', { name: 'Organization navigation' })
    .getByRole('link', { name: 'Events' })
    .click();
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();

  // The upcoming birthday: in 3 days, turning 28; nothing to send before the message is saved.
  const anaRow = birthdayRow(page, 'Ana Aniversariante');
  await expect(anaRow.getByRole('cell', { name: 'In 3 days' })).toBeVisible();
  await expectAccessible(page, 'the events');
  await expect(anaRow.getByRole('cell', { name: '28', exact: true })).toBeVisible();
  await expect(anaRow.getByRole('button', { name: 'Send by WhatsApp to Ana Aniversariante' })).toBeDisabled();

  // Configure: the template with its placeholder, previewed as typed; enabled on the day at 09:00 by WhatsApp.
  const config = page.getByRole('region', { name: 'Birthday messages' });
  await config.getByLabel('Message', { exact: true }).fill('Oi {customerName}! Parabéns & muitas aulas <3');
  await expect(config.getByText('Oi Maria Silva! Parabéns & muitas aulas <3')).toBeVisible();
  await config.getByLabel('Message', { exact: true }).fill('Oi {customerName}! Parabéns {unknown}');
  // The job runs every 5 minutes: a time between two runs (11:56 PM would never come) is refused.
  await config.getByLabel('Time of day').fill('11:56 PM');
  await config.getByRole('button', { name: 'Save' }).click();
  await expect(config.getByText('Use only the placeholders listed for this message')).toBeVisible();
  await expect(config.getByText('Choose a time on a 5-minute step, such as 08:00 or 08:05')).toBeVisible();
  await config
    .getByLabel('Message', { exact: true })
    .fill('Feliz aniversário, {customerName}! Um abraço do estúdio.');
  await config.getByLabel('Send automatically').check();
  await config.getByLabel('When').selectOption('ON_DAY');
  await config.getByLabel('Time of day').fill('9:00 AM');
  await config.getByLabel('WhatsApp').check();
  await config.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Birthday events configuration saved successfully')).toBeVisible();

  // This server has no SMTP: e-mail is offered disabled, with the reason, instead of sitting in the outbox
  // while the row reads sent (#27 item 3).
  const birthdays = page.getByRole('region', { name: 'Birthdays', exact: true });
  await expect(birthdays.getByRole('note').filter({ hasText: 'no e-mail server (SMTP)' })).toBeVisible();
  const anaEmail = anaRow.getByRole('button', { name: 'Send by E-mail to Ana Aniversariante' });
  await expect(anaEmail).toBeDisabled();
  await expect(anaEmail).toHaveAttribute('title', /no e-mail server \(SMTP\) is configured/);

  // Send by WhatsApp: a tab opens on the click (popup blockers allow it only then) and waits for the
  // server. A colleague marked Caio's birthday as sent meanwhile (this screen still shows it unsent): the
  // server refuses, the tab closes and the toast says why.
  await callApi(page, `/organizations/${organizationId}/events/birthdays/${caioCustomer.id}/sent`, {
    occasionDate: caio.date,
  });
  const refusedTab = page.waitForEvent('popup');
  await birthdayRow(page, 'Caio Colega')
    .getByRole('button', { name: 'Send by WhatsApp to Caio Colega' })
    .click();
  const refused = await refusedTab;
  await expect.poll(() => refused.isClosed()).toBe(true);
  await expect(toast(page, 'This message was already sent.')).toBeVisible();

  // Accepted, the tab goes to the server's wa.me link: the international number and the rendered message.
  const message = 'Feliz aniversário, Ana Aniversariante! Um abraço do estúdio.';
  const popup = page.waitForEvent('popup');
  await anaRow.getByRole('button', { name: 'Send by WhatsApp to Ana Aniversariante' }).click();
  const tab = await popup;
  await expect(tab).toHaveURL(`https://wa.me/5511987654321?text=${encodeURIComponent(message)}`);
  await tab.close();
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

test('an automatic WhatsApp message of the outbox opens from there and leaves the outbox', async ({
  page,
  context,
  baseURL,
}) => {
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: 'WhatsApp' }),
  );
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  const today = birthdayIn(0, 30);
  await createCustomerViaApi(page, organizationId, 'Duda', 'Diária', {
    dateOfBirth: today.dateOfBirth,
    phone: '(11) 98765-4321',
  });
  // The daily job, run now by the operator command instead of at its next 5-minute tick: Duda's birthday
  // is today and the configuration sends on the day, by WhatsApp — which the job can only leave waiting.
  // The server's own tick may claim it first (then the command finds nothing left: "Sent 0"); either way
  // it must be in the outbox below, once.
  await callApi(
    page,
    `/organizations/${organizationId}/events/config/birthdays`,
    {
      enabled: true,
      timing: 'ON_DAY',
      days: 0,
      sendTime: '00:00',
      channels: ['WHATSAPP'],
      template: 'Feliz aniversário, {customerName}!',
    },
    'PUT',
  );
  const { stdout } = await promisify(execFile)(process.execPath, [sendDueEvents], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '', PUBLIC_URL: baseURL },
  });
  expect(stdout).toMatch(/Sent \d+ occasion/);
  const text = 'Feliz aniversário, Duda Diária!';
  await page.goto(`/app/org/${organizationId}/events`);

  const outbox = page
    .getByRole('region', { name: 'Birthdays', exact: true })
    .getByRole('region', { name: /^Outbox/ });
  const entry = outbox.getByRole('row', { name: /Duda Diária/ });
  const popup = page.waitForEvent('popup');
  await entry.getByRole('button', { name: 'Open the WhatsApp message to Duda Diária' }).click();
  const tab = await popup;
  await expect(tab).toHaveURL(`https://wa.me/5511987654321?text=${encodeURIComponent(text)}`);
  await tab.close();
  await expect(toast(page, 'WhatsApp opened with the message')).toBeVisible();
  await expect(outbox.getByText('The outbox is empty.')).toBeVisible();
});

test('a member without customers or payments is told they may not access events', async ({
  page,
  browser,
}) => {
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  // The owner may: the screen opens.
  await page.goto(`/app/org/${organizationId}/events`);
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();

  // A colleague invited for one establishment only, then taken off it: still a member, granted nothing.
  const establishment = await callApi(page, `/organizations/${organizationId}/establishments`, {
    name: 'Centro',
  });
  const email = `sem-acesso-${randomUUID()}@example.com`;
  const invitation = await callApi<{ inviteUrl: string }>(
    page,
    `/organizations/${organizationId}/staff/invite`,
    {
      email,
      role: null,
      establishments: [{ establishmentId: establishment.id, role: 'EST_VIEWER' }],
    },
  );
  const colleague = await (await browser.newContext()).newPage();
  await signUp(colleague, { firstName: 'Sem', lastName: 'Acesso' }, email);
  await colleague.goto(invitation.inviteUrl);
  await expect(colleague.getByText('Your role: Establishment staff')).toBeVisible();
  const staff = await callApi<{ staffUserId: string; email: string }[]>(
    page,
    `/organizations/${organizationId}/staff`,
    {},
    'GET',
  );
  const member = staff.find((item) => item.email === email);
  if (!member) throw new Error(`${email} is not on the staff list`);
  await callApi(
    page,
    `/organizations/${organizationId}/staff/${member.staffUserId}/establishments`,
    { establishments: [] },
    'PUT',
  );

  await colleague.goto(`/app/org/${organizationId}/events`);
  await expect(colleague.getByText('You do not have permission to access events.')).toBeVisible();
  await colleague.context().close();
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
