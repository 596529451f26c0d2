import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startWhatsAppEmulator, type WhatsAppEmulator } from '@reformer/whatsapp-emulator/emulator';
import { emulatorCa } from '../support/emulator-ca.ts';
import { createCustomerViaApi, signUpWithOrganization } from '../support/organization.ts';
import { expectNoSideScroll, toast } from '../support/page-checks.ts';

/**
 * Settings → Mensagens (issue #32, decision 049), in Portuguese on a phone: the owner connects the number of
 * the local Cloud API (tools/whatsapp-emulator, over https with the test CA the server trusts), asks for the
 * delivery updates (Meta's handshake reaches the server), creates the templates and sees Meta's review (one
 * rejected with its reason), sends a test that turns "Lida" by webhook; a customer opted in on their page
 * replies "SAIR" and reads as opted out.
 */

let emulator: WhatsAppEmulator;

test.beforeAll(async () => {
  emulator = await startWhatsAppEmulator({
    tls: emulatorCa(),
    // One business account per test: templates and statuses of one never show in the other.
    accounts: [{}, {}],
    reviewDelayMs: 1500,
    statusStepMs: 300,
  });
});
test.afterAll(() => emulator?.close());

test('conectar o número, ver os modelos aprovados, enviar um teste que chega a "Lida", e um SAIR do cliente', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Wanda', lastName: 'Whats' },
    `Estúdio ${randomUUID().slice(0, 8)}`,
  );
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto(`/app/org/${organizationId}/settings?tab=messages`);
  const card = page.getByRole('region', { name: 'Mensagens pelo WhatsApp' });
  await expect(card.getByText('Nenhum número de WhatsApp conectado.')).toBeVisible();
  const { account } = emulator;
  await card.getByLabel('ID do número de telefone').fill(account.phoneNumberId);
  await card.getByLabel('ID da conta do WhatsApp Business').fill(account.wabaId);
  await card.getByLabel('Token de acesso do usuário do sistema').fill(account.accessToken);
  await card.getByLabel('Chave secreta do app').fill(account.appSecret);
  await card.getByLabel('Endereço da Graph API').fill(emulator.url);
  await card.getByRole('button', { name: 'Conectar' }).click();
  await expect(toast(page, 'Número de WhatsApp conectado.')).toBeVisible();
  // The number as Meta describes it, written the Brazilian way; the secrets only as stored.
  const summary = card.getByRole('definition');
  await expect(summary.filter({ hasText: '(11) 4002-8922' })).toBeVisible();
  await expect(summary.filter({ hasText: '250 pessoas por dia' })).toBeVisible();
  await expect(summary.filter({ hasText: 'Guardado' })).toHaveCount(2);
  await expect(card.getByLabel('Token de acesso do usuário do sistema')).toHaveValue('');
  await expect(page.getByText(account.accessToken)).toHaveCount(0);

  await card.getByRole('button', { name: 'Receber avisos de entrega' }).click();
  await expect(toast(page, 'O WhatsApp vai mandar os avisos de entrega para o Reformer.')).toBeVisible();
  await expect(card.getByText(/Recebendo avisos de entrega desde/)).toBeVisible();

  // Meta reviews the templates: one comes back rejected, with its reason.
  emulator.sandbox.rejectTemplate('reformer_birthday', 'INVALID_FORMAT');
  const templates = page.getByRole('region', { name: 'Modelos de mensagem' });
  await templates.getByRole('button', { name: 'Criar modelos' }).click();
  await expect(toast(page, '14 modelos enviados para análise.')).toBeVisible();
  const list = templates.getByRole('list', { name: 'Modelos de mensagem' });
  await expect(list.getByRole('listitem')).toHaveCount(14);
  await expect(list.getByText('Aprovado')).toHaveCount(12, { timeout: 20_000 });
  const birthday = list.getByRole('listitem').filter({ hasText: 'Aniversário' });
  await expect(birthday.getByText('Reprovado')).toHaveCount(2);
  await expect(birthday.first().getByText('Motivo: INVALID_FORMAT')).toBeVisible();
  await expect(templates.getByRole('button', { name: 'Criar modelos' })).toHaveCount(0);

  // A test to the owner's phone: its status follows Meta's webhooks to "Lida".
  await card.getByLabel('Número de WhatsApp').fill('(11) 98765-4321');
  await card.getByRole('button', { name: 'Enviar teste' }).click();
  await expect(toast(page, 'Teste enviado. A situação dele aparece logo abaixo.')).toBeVisible();
  const tests = card.getByRole('list', { name: 'Últimos testes' });
  await expect(tests.getByText('(11) 98765-4321')).toBeVisible();
  await expect(tests.getByText('Lida')).toBeVisible({ timeout: 20_000 });
  await expectNoSideScroll(page);

  // A customer opted in at the desk answers "SAIR": matched by the wa_id Meta keeps without the 9.
  const customer = await createCustomerViaApi(page, organizationId, 'Sara', 'Saída', {
    phone: '(21) 99876-1234',
  });
  await page.goto(`/app/org/${organizationId}/customers/${customer.id}/details?tab=messages`);
  const consent = page.getByRole('region', { name: 'WhatsApp' });
  await consent.getByRole('button', { name: 'Registrar que aceita' }).click();
  await expect(consent.getByText('Aceita mensagens pelo WhatsApp')).toBeVisible();
  await expect(consent.getByText(/informou ao estúdio/)).toBeVisible();
  emulator.sandbox.inbound({ from: '552198761234', text: 'SAIR' });
  await emulator.sandbox.idle();
  await page.reload();
  await expect(consent.getByText('Não quer mensagens pelo WhatsApp')).toBeVisible();
  await expect(consent.getByText(/respondeu SAIR\/PARAR no WhatsApp/)).toBeVisible();
  await expectNoSideScroll(page);
});

test('on a laptop, in English: connect the number, see the templates to create and the secrets only as set', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const organizationId = await signUpWithOrganization(
    page,
    { firstName: 'Lara', lastName: 'Laptop' },
    `Studio ${randomUUID().slice(0, 8)}`,
  );
  await page.goto(`/app/org/${organizationId}/settings?tab=messages`);
  const card = page.getByRole('region', { name: 'WhatsApp messages' });
  await expect(card.getByText('No WhatsApp number connected.')).toBeVisible();
  // Connecting checks the number with Meta first: a wrong token is refused in words, and nothing is stored.
  const account = emulator.accounts[1];
  if (!account) throw new Error('The emulator has two accounts');
  await card.getByLabel('Phone number ID').fill(account.phoneNumberId);
  await card.getByLabel('WhatsApp Business account ID').fill(account.wabaId);
  await card.getByLabel('System user access token').fill('EAAGnot-the-token');
  await card.getByLabel('App secret').fill(account.appSecret);
  await card.getByLabel('Graph API address').fill(emulator.url);
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(toast(page, 'WhatsApp refused the access token.')).toBeVisible();
  await expect(card.getByText('No WhatsApp number connected.')).toBeVisible();
  await card.getByLabel('System user access token').fill(account.accessToken);
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(toast(page, 'WhatsApp number connected.')).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: 'Set' })).toHaveCount(2);
  const templates = page.getByRole('region', { name: 'Message templates' });
  await expect(templates.getByRole('button', { name: 'Create templates' })).toBeVisible();
  await expect(templates.getByRole('listitem').filter({ hasText: 'Class reminder' })).toHaveCount(2);
  await expectNoSideScroll(page);
});
