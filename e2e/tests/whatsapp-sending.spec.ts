import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startWhatsAppEmulator, type WhatsAppEmulator } from '@reformer/whatsapp-emulator/emulator';
import { emulatorCa } from '../support/emulator-ca.ts';
import {
  callApi,
  createCustomerViaApi,
  createPlanViaApi,
  createScheduleViaApi,
  localDate,
  sessionIdOn,
  signUpWithOrganization,
} from '../support/organization.ts';
import { expectNoSideScroll, toast } from '../support/page-checks.ts';

/**
 * A moved class told through the WhatsApp Cloud API (issue #32, decision 052), in Portuguese on a 390 px
 * phone: the owner connects the local Cloud API's number, registers the delivery updates and creates the
 * templates (approved by the review); a customer on the class's roster is opted in on her Messages tab; the
 * owner moves the class; her notice leaves through the API at once (the emulator receives it), the emulator
 * delivers and reads it, and "lida" shows on the events screen and on her Messages tab.
 */

let emulator: WhatsAppEmulator;

test.beforeAll(async () => {
  emulator = await startWhatsAppEmulator({
    tls: emulatorCa(),
    reviewDelayMs: 300,
    statusStepMs: 300,
  });
});
test.afterAll(() => emulator?.close());

test('aula remarcada: o aviso sai pela API do WhatsApp e chega a "lida" na tela de eventos e nas mensagens da cliente', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Olga', lastName: 'Oficial' },
    `Estúdio ${randomUUID().slice(0, 8)}`,
  );
  const orgPath = `/organizations/${organizationId}`;
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.setViewportSize({ width: 390, height: 844 });

  // The studio's number: connected, delivery updates registered, templates created and approved.
  await page.goto(`/app/org/${organizationId}/settings?tab=messages`);
  const card = page.getByRole('region', { name: 'Mensagens pelo WhatsApp' });
  const { account } = emulator;
  await card.getByLabel('ID do número de telefone').fill(account.phoneNumberId);
  await card.getByLabel('ID da conta do WhatsApp Business').fill(account.wabaId);
  await card.getByLabel('Token de acesso do usuário do sistema').fill(account.accessToken);
  await card.getByLabel('Chave secreta do app').fill(account.appSecret);
  await card.getByLabel('Endereço da Graph API').fill(emulator.url);
  await card.getByRole('button', { name: 'Conectar' }).click();
  await expect(toast(page, 'Número de WhatsApp conectado.')).toBeVisible();
  await card.getByRole('button', { name: 'Receber avisos de entrega' }).click();
  await expect(card.getByText(/Recebendo avisos de entrega desde/)).toBeVisible();
  const templates = page.getByRole('region', { name: 'Modelos de mensagem' });
  await templates.getByRole('button', { name: 'Criar modelos' }).click();
  const list = templates.getByRole('list', { name: 'Modelos de mensagem' });
  await expect(list.getByText('Aprovado')).toHaveCount(14, { timeout: 20_000 });

  // A class three days ahead with Lia enrolled.
  const schedule = await createScheduleViaApi(page, organizationId, 'Reformer Oficial', {
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
  });
  const plan = await createPlanViaApi(page, organizationId, 'Mensal Oficial');
  const lia = await createCustomerViaApi(page, organizationId, 'Lia', 'Aceita', {
    email: `lia.${randomUUID().slice(0, 8)}@example.com`,
    phone: '(11) 98765-4321',
    isWhatsapp: true,
  });
  await callApi(page, `${orgPath}/enrollments`, {
    customerId: lia.id,
    planId: plan.id,
    scheduleId: schedule.id,
    startDate: localDate(1),
  });
  const sessionId = await sessionIdOn(page, organizationId, schedule.id, localDate(3));

  // Lia told the desk she wants WhatsApp messages.
  await page.goto(`/app/org/${organizationId}/customers/${lia.id}/details?tab=messages`);
  const consent = page.getByRole('region', { name: 'WhatsApp' });
  await consent.getByRole('button', { name: 'Registrar que aceita' }).click();
  await expect(consent.getByText('Aceita mensagens pelo WhatsApp')).toBeVisible();

  // The owner moves the class to 20:00 from the session's page.
  await page.goto(`/app/org/${organizationId}/attendance/session/${sessionId}`);
  await page.getByRole('button', { name: /^Remarcar Reformer Oficial/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Remarcar aula' });
  await dialog.getByLabel('Hora de início').fill('20:00');
  await dialog.getByLabel('Hora de término').fill('21:00');
  await dialog.getByRole('button', { name: 'Remarcar aula' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remarcar uma aula com clientes?' });
  await confirm.getByRole('button', { name: 'Remarcar aula' }).click();
  await expect(page.getByText(/^Aula remarcada para .* às 20:00\.$/)).toBeVisible();

  // It left through the Cloud API (the emulator has it), not as a link waiting in the outbox.
  await expect
    .poll(() =>
      emulator.sandbox.messages().filter((message) => message.template === 'reformer_class_changed'),
    )
    .toHaveLength(1);
  const [atMeta] = emulator.sandbox
    .messages()
    .filter((message) => message.template === 'reformer_class_changed');
  expect(atMeta?.to).toBe('5511987654321');
  expect(atMeta?.language).toBe('pt_BR');

  // The events screen lists it with WhatsApp's status, which the emulator's webhooks take to "lida".
  await page.goto(`/app/org/${organizationId}/events`);
  const sent = page.getByRole('region', { name: 'Enviadas pelo WhatsApp' });
  const row = sent.getByRole('listitem').filter({ hasText: 'Lia Aceita' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('WhatsApp: lida')).toBeVisible({ timeout: 30_000 });
  const outbox = page
    .getByRole('region', { name: 'Lembretes e avisos de aula' })
    .getByRole('region', { name: /^Caixa de saída/ });
  await expect(outbox.getByRole('button', { name: /Abrir no WhatsApp a mensagem para Lia/ })).toHaveCount(0);
  await expectNoSideScroll(page);

  // Her Messages tab says the same.
  await page.goto(`/app/org/${organizationId}/customers/${lia.id}/details?tab=messages`);
  const notice = page
    .getByRole('tabpanel')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /^Aula remarcada ou cancelada · / }) })
    .filter({ hasText: 'WhatsApp:' });
  await expect(notice.getByText('WhatsApp: lida')).toBeVisible();
  await expectNoSideScroll(page);

  // At a desk's 1366 px the sent list is a table.
  await page.goto(`/app/org/${organizationId}/events`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(sent.getByRole('table').getByRole('row', { name: /Lia Aceita/ })).toContainText(
    'WhatsApp: lida',
  );
});
