import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { type PixEmulator, startPixEmulator } from '@reformer/pix-emulator/emulator';
import { emulatorCa } from '../support/emulator-ca.ts';
import {
  callApi,
  createCustomerViaApi,
  createPlanViaApi,
  createScheduleViaApi,
  localDate,
  signUpWithOrganization,
} from '../support/organization.ts';
import { toast } from '../support/page-checks.ts';

/**
 * PIX charges confirmed by the bank (issue #26 §3, decision 030), in Portuguese at the front desk's phone: the
 * owner connects the local standard PSP (tools/pix-emulator, over mutual TLS) and registers its notices; the
 * monthly cycle due in two days gets its charge; the customer "pays" at the PSP; the charge and the cycle turn
 * paid on the open page, with no reload; a partial refund goes back through the PSP and counts once the bank
 * returns the money.
 */

let emulator: PixEmulator;

test.beforeAll(async () => {
  // Refunds settle a moment after they are asked, and the PSP posts the notice, as a bank does.
  emulator = await startPixEmulator({ ca: emulatorCa(), refundSettleMs: 300 });
});
test.afterAll(() => emulator?.close());

test('a cycle charged at the PSP turns paid by itself when the customer pays; a partial refund through the PSP', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Bia', lastName: 'Banco' },
    `Estúdio ${randomUUID().slice(0, 8)}`,
  );
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.setViewportSize({ width: 390, height: 844 });
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
  await callApi(page, `${orgPath}/enrollments`, {
    customerId: customer.id,
    planId: plan.id,
    scheduleId: schedule.id,
    // Its first cycle is due in two days: within the five days ahead the charges are issued.
    startDate: localDate(2),
  });

  // Settings → Pagamentos: the studio's PSP, its certificate a .p12 with its password.
  await page.goto(`/app/org/${organizationId}/settings?tab=payments`);
  const psp = page.getByRole('region', { name: 'Cobranças PIX (PSP)' });
  await psp.getByLabel('PSP', { exact: true }).selectOption({ label: 'Outro (personalizado)' });
  await psp.getByLabel('Endereço da API (URL base)').fill(emulator.baseUrl);
  await psp.getByLabel('Endereço do token').fill(emulator.tokenUrl);
  await psp.getByLabel('Client ID').fill(emulator.client.clientId);
  await psp.getByLabel('Client secret').fill(emulator.client.clientSecret);
  const { pfx, passphrase } = emulator.client.certificate;
  await psp
    .getByLabel('Certificado', { exact: true })
    .setInputFiles({ name: 'estudio.p12', mimeType: 'application/x-pkcs12', buffer: pfx });
  await psp.getByLabel(/^Senha do certificado/).fill(passphrase);
  await psp.getByLabel('Chave que recebe as cobranças').fill(emulator.receiver.chave);
  await psp.getByRole('button', { name: 'Conectar' }).click();
  await expect(toast(page, 'Conexão com o PSP salva.')).toBeVisible();

  // The PSP's notices come to Reformer; then the charges of this week are issued now.
  await psp.getByRole('button', { name: 'Cadastrar avisos' }).click();
  await expect(psp.getByText('O seu PSP avisa o Reformer de cada Pix assim que ele cai.')).toBeVisible();
  await psp.getByRole('button', { name: 'Emitir cobranças agora' }).click();
  await expect(toast(page, '1 cobrança emitida.')).toBeVisible();

  // The customer's Payments tab: the charge awaits payment, its copy-paste code at hand.
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=payments`);
  const charges = page.getByRole('region', { name: 'Cobranças PIX' });
  const charge = charges.getByRole('listitem', { name: /^Cobrança PIX com vencimento em / });
  await expect(charge.getByText('Aguardando pagamento')).toBeVisible();
  await charge.getByRole('button', { name: 'Mostrar código' }).click();
  await expect(charge.getByLabel('PIX copia e cola')).toHaveValue(/^000201/);
  const cycle = page.getByRole('listitem', { name: /^Ciclo de cobrança de / }).first();
  await expect(cycle.getByText('R$ 0,00 de R$ 249,00')).toBeVisible();

  // The customer pays in their bank app (the local PSP's sandbox): the page turns paid by itself.
  const { charges: issued } = await callApi<{ charges: { txid: string }[] }>(
    page,
    `${orgPath}/customers/${customer.id}/pix-charges`,
    {},
    'GET',
  );
  const pix = emulator.sandbox.pay(issued[0]?.txid ?? '');
  await expect(charge.getByText('Paga', { exact: true })).toBeVisible();
  await expect(cycle.getByText('R$ 249,00 de R$ 249,00')).toBeVisible();
  await expect(cycle.getByText('Pago', { exact: true })).toBeVisible();

  // A partial refund goes back through the PSP, and counts when the bank has returned the money.
  await page.goto(`/app/org/${organizationId}/payments`);
  await page.getByRole('button', { name: /^Estornar o pagamento de Paula Pagadora/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Estornar pagamento' });
  await expect(dialog.getByText(/Este Pix chegou pelo seu PSP/)).toBeVisible();
  await dialog.getByLabel('Valor a estornar').fill('100,00');
  await dialog.getByRole('button', { name: 'Estornar pagamento' }).click();
  await expect(toast(page, 'Estorno de R$ 100,00 pedido ao seu PSP.')).toBeVisible();
  await expect
    .poll(async () => {
      const payment = await callApi<{ items: { endToEndId: string; refundedCents: number }[] }>(
        page,
        `${orgPath}/payments?customerId=${customer.id}`,
        {},
        'GET',
      );
      return payment.items.find((item) => item.endToEndId === pix.endToEndId)?.refundedCents;
    })
    .toBe(10_000);
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=payments`);
  await expect(
    page
      .getByRole('listitem', { name: /^Ciclo de cobrança de / })
      .first()
      .getByText('R$ 149,00 de R$ 249,00'),
  ).toBeVisible();
});
