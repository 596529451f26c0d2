import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { type PixEmulator, startPixEmulator } from '@reformer/pix-emulator/emulator';
import { expectAccessible } from '../support/axe.ts';
import { emulatorCa } from '../support/emulator-ca.ts';
import {
  callApi,
  createCustomerViaApi,
  createPlanViaApi,
  createScheduleViaApi,
  localDate,
  signUpWithOrganization,
} from '../support/organization.ts';

/**
 * "Pay" in the customer portal (issue #29, decision 042), on a phone in Portuguese: the studio has connected
 * its PSP (the local standard one, tools/pix-emulator); the customer opens their link, sees the monthly cycle
 * due today, asks for its PIX code, pays it in the bank (the PSP's sandbox "pay", whose webhook reaches the
 * server as a bank's would); the portal turns it paid with no reload, the payment shows in the history, and its
 * receipt opens. Staff open the same receipt from the payments list.
 */

let emulator: PixEmulator;

test.beforeAll(async () => {
  emulator = await startPixEmulator({ ca: emulatorCa(), refundSettleMs: null });
});
test.afterAll(() => emulator?.close());

test('a customer pays a due cycle by PIX in their portal, sees it paid and opens the receipt', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const studioName = `Estúdio ${randomUUID().slice(0, 8)}`;
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Rita', lastName: 'Recibo' },
    studioName,
  );
  const orgPath = `/organizations/${organizationId}`;
  const customer = await createCustomerViaApi(page, organizationId, 'Paula', 'Pagadora', {
    idType: 'CPF',
    idNumber: '529.982.247-25',
  });
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Tarde', {
    startDate: localDate(-3),
    endDate: localDate(90),
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
  });
  const plan = await createPlanViaApi(page, organizationId, 'Mensal PIX');
  // Its first cycle is due today.
  await callApi(page, `${orgPath}/enrollments`, {
    customerId: customer.id,
    planId: plan.id,
    scheduleId: schedule.id,
    startDate: localDate(0),
  });
  const { cert, key } = emulator.client.certificate;
  await callApi(
    page,
    `${orgPath}/pix-psp`,
    {
      preset: 'CUSTOM',
      environment: 'SANDBOX',
      baseUrl: emulator.baseUrl,
      tokenUrl: emulator.tokenUrl,
      scopes: 'cobv.write cobv.read pix.read pix.write webhook.write webhook.read',
      clientId: emulator.client.clientId,
      clientSecret: emulator.client.clientSecret,
      certificate: { format: 'PEM', pem: `${cert}\n${key}` },
      pixKey: emulator.receiver.chave,
      chargeDaysAhead: 5,
      finePercent: 2,
      interestPercentMonthly: 1,
      discount: null,
    },
    'PUT',
  );
  await callApi(page, `${orgPath}/pix-psp/webhook`, {}, 'PUT');
  const link = await callApi<{ url: string }>(page, `${orgPath}/customers/${customer.id}/class-link`, {});
  const url = new URL(link.url);

  // The customer's phone, in Portuguese.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  const portal = await phone.newPage();
  await portal.goto(`${url.pathname}${url.hash}`);
  // The section menu takes the customer to what they came for.
  await portal
    .getByRole('navigation', { name: 'Seções da sua página' })
    .getByRole('link', { name: 'Pagamentos' })
    .click();
  const payments = portal.getByRole('region', { name: 'Pagamentos' });
  const due = payments.getByRole('listitem', { name: /^Mensal PIX, vencimento em / });
  await expect(due.getByText('R$ 249,00')).toBeVisible();
  await expect(due.getByText('Em aberto')).toBeVisible();
  await due.getByRole('button', { name: 'Pagar com PIX' }).click();
  await expect(due.getByLabel('PIX copia e cola')).toHaveValue(/^000201/);
  await expect(due.getByRole('img', { name: 'QR code do pagamento PIX de R$ 249,00' })).toBeVisible();
  await expect(due.getByText(/Esta página se atualiza sozinha/)).toBeVisible();
  const overflow = await portal.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(portal, 'the portal’s payments with a PIX code open');

  // The customer pays in their bank app (the local PSP's sandbox); the bank's notice turns it paid on screen.
  const { charges } = await callApi<{ charges: { txid: string; status: string }[] }>(
    page,
    `${orgPath}/customers/${customer.id}/pix-charges`,
    {},
    'GET',
  );
  expect(charges).toHaveLength(1);
  emulator.sandbox.pay(charges[0]?.txid ?? '');
  await expect(payments.getByText('Você não tem nada a pagar agora.')).toBeVisible();
  const receiptLink = payments.getByRole('link', { name: /^Recibo de Mensal PIX pago em / });
  await expect(receiptLink).toBeVisible();
  await expect(payments.getByText(/· PIX · Pago$/)).toBeVisible();

  // The receipt: who received, from whom, how much, for what, when and how.
  await receiptLink.click();
  const receipt = portal.getByRole('article', { name: 'Recibo' });
  await expect(
    receipt.getByText(
      `${studioName} recebeu de Paula Pagadora a quantia de R$ 249,00 referente a Mensal PIX`,
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  await expect(receipt.getByText('Forma de pagamento')).toBeVisible();
  await expect(receipt.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  const paymentId = new URL(portal.url()).pathname.split('/').pop() ?? '';
  await expect(receipt.getByText(paymentId)).toBeVisible();
  await expectAccessible(portal, 'the portal’s receipt');
  await receipt.getByRole('link', { name: 'Voltar ao meu portal' }).click();
  await expect(portal.getByRole('region', { name: 'Pagamentos' })).toBeVisible();
  await phone.close();

  // Staff open the same receipt from the payments list.
  await page.goto(`/app/org/${organizationId}/payments?customerId=${customer.id}`);
  await page
    .getByRole('link', { name: /^Receipt of the payment of Paula Pagadora/ })
    .first()
    .click();
  await expect(page.getByRole('article', { name: 'Receipt' }).getByText(paymentId)).toBeVisible();
});
