import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { startWhatsAppEmulator, type WhatsAppEmulator } from '@reformer/whatsapp-emulator/emulator';
import { emulatorCa } from '../support/emulator-ca.ts';
import {
  callApi,
  createCustomerViaApi,
  createScheduleViaApi,
  localDate,
  sessionIdOn,
  signUpWithOrganization,
} from '../support/organization.ts';
import { expectNoSideScroll } from '../support/page-checks.ts';

/**
 * Decision 053, in Portuguese on a phone: a customer asks the portal's sign-in page for a new link by phone
 * and gets it on WhatsApp (the local Cloud API, over https with the test CA the server trusts), opens it and
 * says yes to WhatsApp messages in their profile; the studio's Settings → Mensagens then counts that message
 * in the month's cost, in US dollars written the Brazilian way, at the price per message the studio enters. And in English on a laptop, the same card,
 * and the move confirmation saying who tells the customers of a moved session.
 */

let emulator: WhatsAppEmulator;

test.beforeAll(async () => {
  emulator = await startWhatsAppEmulator({
    tls: emulatorCa(),
    accounts: [{}, {}],
    reviewDelayMs: 0,
  });
});
test.afterAll(() => emulator?.close());

async function connectNumber(page: Page, organizationId: string, accountIndex: number) {
  const account = emulator.accounts[accountIndex];
  if (!account) throw new Error(`The emulator has no account ${accountIndex}`);
  const orgPath = `/organizations/${organizationId}`;
  await callApi(
    page,
    `${orgPath}/whatsapp`,
    {
      apiBaseUrl: emulator.url,
      phoneNumberId: account.phoneNumberId,
      wabaId: account.wabaId,
      accessToken: account.accessToken,
      appSecret: account.appSecret,
    },
    'PUT',
  );
  await callApi(page, `${orgPath}/whatsapp/templates`, {});
}

test('um novo link pelo celular chega no WhatsApp, o cliente aceita mensagens, e o custo do mês aparece', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Vera', lastName: 'Custo' },
    `Estúdio ${randomUUID().slice(0, 8)}`,
  );
  await connectNumber(page, organizationId, 0);
  const number = `2198${String(Date.now()).slice(-6)}`;
  await createCustomerViaApi(page, organizationId, 'Nina', 'Zap', {
    phone: `+55${number.slice(0, 2)}9${number.slice(2)}`,
  });
  const typed = `(${number.slice(0, 2)}) 9${number.slice(2, 6)}-${number.slice(6)}`;

  // The customer's phone, in Portuguese, with no link that opens.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  const portal = await phone.newPage();
  await portal.goto('/portal');
  await expect(portal.getByRole('alert')).toContainText('ou pelo WhatsApp para o telefone do cadastro');
  await portal.getByRole('radio', { name: 'WhatsApp' }).check();
  const phoneField = portal.getByLabel('Seu celular com DDD');
  await phoneField.fill('123');
  await portal.getByRole('button', { name: 'Enviar um novo link' }).click();
  await expect(portal.getByText('Informe um telefone válido')).toBeVisible();
  await phoneField.fill(typed);
  await portal.getByRole('button', { name: 'Enviar um novo link' }).click();
  await expect(portal.getByRole('status')).toContainText('um novo link está a caminho por lá');
  await expectNoSideScroll(portal);

  // What reached the customer's WhatsApp: the studio's link template, with the portal's address.
  const [message] = emulator.sandbox
    .messages()
    .filter((sent) => sent.to === `55${number.slice(0, 2)}9${number.slice(2)}`);
  expect(message?.template).toBe('reformer_class_link');
  const link = /https?:\/\/\S+#t=\S+/.exec(message?.text ?? '')?.[0];
  if (!link) throw new Error(`no link in ${message?.text}`);
  // Tapped in WhatsApp, the link opens a new tab (the same page would only change its fragment).
  const url = new URL(link);
  await portal.close();
  const opened = await phone.newPage();
  await opened.goto(`${url.pathname}${url.hash}`);
  await expect(opened.getByText(/Olá, Nina!/)).toBeVisible();

  // In their profile, the customer says yes to WhatsApp messages.
  await opened
    .getByRole('navigation', { name: 'Seções da sua página' })
    .getByRole('link', { name: 'Meus dados' })
    .click();
  const messages = opened.getByRole('region', { name: 'Mensagens' });
  await expect(messages.getByTestId('portal-whatsapp-answer')).toHaveText(/Você ainda não respondeu/);
  await messages.getByRole('checkbox', { name: /O estúdio pode me enviar mensagens pelo WhatsApp/ }).check();
  await expect(messages.getByTestId('portal-whatsapp-answer')).toHaveText(
    /Você aceitou mensagens pelo WhatsApp em/,
  );
  await expectNoSideScroll(opened);
  await phone.close();

  // Settings → Mensagens: the link is this month's one utility message, in US dollars the Brazilian way.
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/org/${organizationId}/settings?tab=messages`);
  const costs = page.getByRole('region', { name: 'Custo mensal' });
  await expect(costs.getByText(/US\$\s0,0068 por mensagem de utilidade/)).toBeVisible();
  await expect(costs.getByText(/US\$\s0,0625 por mensagem de marketing/)).toBeVisible();
  const thisMonth = costs.getByRole('region', { name: /Este mês até agora/ });
  await expect(thisMonth.getByRole('definition').first()).toHaveText('1');
  await expect(thisMonth.getByRole('definition').last()).toHaveText(/^US\$\s0,01$/);
  await expect(
    costs
      .getByRole('region', { name: /Previsão para este mês/ })
      .getByRole('definition')
      .first(),
  ).toHaveText('1');

  // The studio's own price (Meta's list price is the blank field's placeholder): a wrong one is refused where
  // it was typed, a right one moves the estimate, and it is there after a reload.
  const utilityPrice = costs.getByLabel('Mensagem de utilidade (US$)');
  await expect(utilityPrice).toHaveAttribute('placeholder', '0,0068');
  await utilityPrice.fill('-1');
  await costs.getByRole('button', { name: 'Salvar preços' }).click();
  await expect(costs.getByText('Informe um preço por mensagem em US$ de 0 a 1,00')).toBeVisible();
  await utilityPrice.fill('0,5');
  await costs.getByRole('button', { name: 'Salvar preços' }).click();
  await expect(thisMonth.getByRole('definition').last()).toHaveText(/^US\$\s0,50$/);
  await expect(costs.getByText(/US\$\s0,5000 por mensagem de utilidade/)).toBeVisible();
  await page.reload();
  await expect(costs.getByLabel('Mensagem de utilidade (US$)')).toHaveValue('0,50');
  await expect(costs.getByLabel('Mensagem de marketing (US$)')).toHaveValue('');
  await expectNoSideScroll(page);
});

test('on a laptop, in English: the monthly cost card in dollars, nothing sent yet', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Liam', lastName: 'Ledger' },
    `Studio ${randomUUID().slice(0, 8)}`,
  );
  await connectNumber(page, organizationId, 1);
  await page.goto(`/app/org/${organizationId}/settings?tab=messages`);
  const costs = page.getByRole('region', { name: 'Monthly cost' });
  await expect(costs.getByText(/\$0\.0068 per utility message/)).toBeVisible();
  for (const name of [/Last month/, /This month so far/, /Projected for this month/])
    await expect(costs.getByRole('region', { name }).getByRole('definition').last()).toHaveText('$0.00');
  await expect(costs.getByText(/0 class reminders, 0 class notices/)).toBeVisible();
  await expectNoSideScroll(page);
});

test('moving a session with customers says the app tells them, or asks staff to when the notices are off', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Mona', lastName: 'Mover' },
    `Studio ${randomUUID().slice(0, 8)}`,
  );
  const orgPath = `/organizations/${organizationId}`;
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Notice', {
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
  });
  const customer = await createCustomerViaApi(page, organizationId, 'Rui', 'Roster');
  const sessionId = await sessionIdOn(page, organizationId, schedule.id, localDate(3));
  await callApi(page, `${orgPath}/sessions/${sessionId}/customers`, {
    customerIds: [customer.id],
    reason: 'TRIAL_CLASS',
  });

  const askToMove = async () => {
    await page.goto(`/app/org/${organizationId}/attendance/session/${sessionId}`);
    await page.getByRole('button', { name: /^Move Reformer Notice/ }).click();
    const form = page.getByRole('dialog', { name: 'Move session' });
    await form.getByLabel('Start time').fill('08:00 PM');
    await form.getByLabel('End time').fill('09:00 PM');
    await form.getByRole('button', { name: 'Move session' }).click();
    return page.getByRole('dialog', { name: 'Move a session with customers?' });
  };
  // The notices are on by default, by e-mail and WhatsApp: nobody needs to call the customer.
  const told = await askToMove();
  await expect(
    told.getByText(
      'Reformer sends them the class change notice by E-mail and WhatsApp: there is no need to tell them.',
    ),
  ).toBeVisible();
  await told.getByRole('button', { name: 'Cancel' }).click();

  await callApi(
    page,
    `${orgPath}/events/config/class-notices`,
    { reminderHours: 24, reminderChannels: ['EMAIL'], changeNoticeEnabled: false, changeChannels: [] },
    'PUT',
  );
  const untold = await askToMove();
  await expect(
    untold.getByText('The class change notices are off in Events: tell them of the new time.'),
  ).toBeVisible();
});
