import { createServer, type Server } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { createCustomerViaApi, signUpWithOrganization } from '../support/organization.ts';

/**
 * Customers and customer plans: a customer created through the form with the CEP lookup (masked input; a
 * CEP that does not exist and a lookup service that fails), found by an accent-free search, edited; a plan
 * priced in pt_BR, shown in the locale's money format, deactivated.
 */

// playwright.config.ts points the server's POSTAL_CODE_PROVIDER_URL here; this file plays ViaCEP on it.
const providerUrl = new URL(process.env.E2E_POSTAL_CODE_PROVIDER_URL ?? 'http://127.0.0.1:3299/ws');
const basePath = providerUrl.pathname.replace(/\/$/, '');
const KNOWN_CEPS: Record<string, object> = {
  '01310100': {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
  },
};

/** The stand-in fails for this one, as ViaCEP does when it is down: the server answers 503. */
const FAILING_CEP = '01001000';

const OWNER = { firstName: 'Carla', lastName: 'Coordenadora' };

let provider: Server;

// One stand-in on a fixed port: this file's tests must share one worker.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  provider = createServer((request, response) => {
    const cep = new RegExp(`^${basePath}/(\\d{8})/json/$`).exec(request.url ?? '')?.[1];
    if (cep === FAILING_CEP) response.statusCode = 500;
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.end(JSON.stringify((cep && KNOWN_CEPS[cep]) || { erro: 'true' }));
  });
  await new Promise<void>((resolve, reject) => {
    provider.once('error', reject);
    provider.listen(Number(providerUrl.port), providerUrl.hostname, resolve);
  });
});

test.afterAll(async () => {
  await new Promise((resolve) => provider?.close(resolve));
});

test('create a customer with the CEP lookup, find, edit; price a plan and deactivate it', async ({
  page,
}) => {
  // Three screens and two accessibility scans: 25 s alone, past a minute on a CI machine loaded by other work.
  test.setTimeout(120_000);
  const organizationId = await signUpWithOrganization(page, OWNER, 'Studio Movimento');
  await createCustomerViaApi(page, organizationId, 'João', 'da Silva');
  await createCustomerViaApi(page, organizationId, 'Maria', 'Conceição');

  await page.getByRole('link', { name: 'Customers', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /João da Silva/ })).toBeVisible();
  await page.getByRole('link', { name: 'New customer' }).click();

  // The shared schema's messages, before anything is sent.
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expectAccessible(page, 'the customer form');
  await page.getByLabel('First name').fill('João');
  await page.getByLabel('Last name').fill('da Conceição');
  await page.getByLabel('Date of birth').fill('04/12/1988');
  // A Brazilian customer starts on CPF, not on "No document" (#27 item 13).
  await expect(page.getByLabel('ID type')).toHaveValue('CPF');
  await page.getByLabel('ID number').fill('123.456.789-00');
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByText('Please enter a valid CPF')).toBeVisible();
  await page.getByLabel('ID number').fill('529.982.247-25');
  await page.getByLabel('Email').fill('joao.conceicao@example.com');
  await page.getByLabel('Phone', { exact: true }).fill('(11) 98765-4321');
  await page.getByLabel('This number has WhatsApp').check();

  // An unknown CEP says so and leaves the address editable; a lookup service that fails is a notice to fill
  // the address by hand, not "no such CEP"; a known one fills it. The mask writes every CEP 00000-000.
  const cep = page.getByLabel('CEP', { exact: true });
  const notFound = page.getByText('Could not find address for this postal code');
  const unavailable = page.getByRole('status').filter({ hasText: 'The CEP lookup is unavailable right now' });
  await cep.fill('99999-999');
  await expect(notFound).toBeVisible();
  await expect(page.getByLabel('Street')).toBeEditable();
  await cep.fill(FAILING_CEP);
  await expect(cep).toHaveValue('01001-000');
  await expect(unavailable).toContainText('Please fill in the address by hand.');
  await expect(notFound).toBeHidden();
  await expect(page.getByLabel('Street')).toBeEditable();
  await cep.clear();
  await cep.pressSequentially('01310100');
  await expect(cep).toHaveValue('01310-100');
  await expect(unavailable).toBeHidden();
  await expect(page.getByLabel('Street')).toHaveValue('Avenida Paulista');
  await expect(page.getByLabel('Neighborhood')).toHaveValue('Bela Vista');
  await expect(page.getByLabel('City')).toHaveValue('São Paulo');
  await expect(page.getByLabel('State')).toHaveValue('SP');
  await expect(page.getByText('Could not find address for this postal code')).toBeHidden();
  await page.getByLabel('Number', { exact: true }).fill('1578');
  await page.getByRole('button', { name: 'Create customer' }).click();

  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}\/details/);
  await expect(page.getByRole('heading', { name: 'João da Conceição' })).toBeVisible();
  await expect(page.getByText('Avenida Paulista, 1578')).toBeVisible();
  await expect(page.getByText('01310-100')).toBeVisible();
  // Stored as +5511987654321, shown as written in Brazil; WhatsApp opens a chat with that number.
  await expect(page.getByRole('link', { name: '(11) 98765-4321' })).toHaveAttribute(
    'href',
    'tel:+5511987654321',
  );
  await expect(page.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/5511987654321',
  );

  // Accent-free words narrow the search, and the search lives in the URL.
  await page.getByRole('link', { name: '← Back to customers' }).click();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill('joao conceicao');
  await expect(page).toHaveURL(/search=joao(\+|%20)conceicao/);
  const row = page.getByRole('row', { name: /João da Conceição/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('WhatsApp')).toBeVisible();
  await expect(row).toContainText('(11) 98765-4321');
  await expect(page.getByRole('row', { name: /João da Silva/ })).toBeHidden();
  await expect(page.getByRole('row', { name: /Maria Conceição/ })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('joao conceicao');
  await expect(page.getByRole('row', { name: /João da Conceição/ })).toBeVisible();

  await row.getByRole('link', { name: 'João da Conceição' }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Date of birth')).toHaveValue('04/12/1988');
  await expect(page.getByLabel('Street')).toHaveValue('Avenida Paulista');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('(11) 98765-4321');
  await page.getByLabel('Profession').fill('Arquiteto');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/details/);
  await expect(page.getByText('Arquiteto')).toBeVisible();
  await page.getByRole('tab', { name: 'Registration' }).click();
  await expect(page.getByText('529.982.247-25')).toBeVisible();

  // Plans in Brazilian Portuguese: the price typed with a decimal comma, shown as R$ 249,90.
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await page.getByRole('link', { name: 'Planos', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Planos' })).toBeVisible();
  await expectAccessible(page, 'the customer plans');
  await expect(page.getByText('Nenhum plano ainda')).toBeVisible();
  await page.getByRole('button', { name: 'Novo plano' }).click();
  const dialog = page.getByRole('dialog');
  // The required fields say so before anything is typed (#27 item 13): name, description, price, a service.
  await expect(dialog.getByText('Campos marcados com * são obrigatórios.')).toBeVisible();
  for (const label of ['Nome do plano', 'Descrição', 'Preço'])
    await expect(dialog.getByRole('textbox', { name: label, exact: true })).toHaveAttribute(
      'aria-required',
      'true',
    );
  await expect(dialog.getByRole('group', { name: 'Serviços' }).locator('legend')).toHaveText('Serviços*');
  await dialog.getByRole('button', { name: 'Criar plano' }).click();
  await expect(dialog.getByText('O nome do plano é obrigatório')).toBeVisible();
  await expect(dialog.getByText('Informe um preço válido')).toBeVisible();
  await expect(dialog.getByText('Adicione pelo menos um serviço')).toBeVisible();
  await dialog.getByLabel('Nome do plano').fill('Reformer 2x por semana');
  await dialog.getByLabel('Descrição').fill('Duas aulas em grupo por semana no Reformer.');
  await dialog.getByLabel('Preço').fill('249,90');
  await dialog.getByLabel('Ciclo de cobrança').selectOption('MONTHLY');
  await dialog.getByLabel('Aulas por semana').fill('2');
  await dialog.getByLabel('Serviço 1', { exact: true }).fill('Aula em grupo no Reformer');
  await dialog.getByRole('button', { name: 'Adicionar serviço' }).click();
  await dialog.getByLabel('Serviço 2', { exact: true }).fill('Avaliação postural');
  await dialog.getByRole('button', { name: 'Criar plano' }).click();

  const card = page.getByRole('listitem').filter({ hasText: 'Reformer 2x por semana' });
  await expect(card.getByText('R$ 249,90')).toBeVisible();
  await expect(card.getByText('Mensal')).toBeVisible();
  await expect(card.getByText('Até 2 aulas por semana')).toBeVisible();
  await expect(card.getByText('Avaliação postural')).toBeVisible();
  await expect(card.getByText('Ativo', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Desativar' }).click();
  await expect(card.getByText('Inativo', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Ativar' })).toBeVisible();
  await page.reload();
  await expect(card.getByText('Inativo', { exact: true })).toBeVisible();

  // The same price in English reads R$249.90 (the locale formats, the currency picks the symbol).
  await page.getByLabel('Idioma').first().selectOption('en_US');
  await expect(card.getByText('R$249.90')).toBeVisible();
});

/**
 * Searches the customers list and waits until the list shows that search's results: until then a row of
 * the previous list may still be there, about to be replaced under a click.
 */
async function searchCustomers(page: Page, search: string, count: number) {
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(search);
  await expect(page).toHaveURL(new RegExp(`search=${search.replace(' ', '(\\+|%20)')}`));
  await expect(page.getByText(`Showing 1–${count} of ${count}`)).toBeVisible();
}

test('page through customers, change status, delete, purge, and export from settings', async ({ page }) => {
  const organizationId = await signUpWithOrganization(page, OWNER, 'Studio Respiro');
  for (let index = 1; index <= 11; index += 1) {
    await createCustomerViaApi(page, organizationId, 'Cliente', `Número ${String(index).padStart(2, '0')}`);
  }

  await page.getByRole('link', { name: 'Customers', exact: true }).click();
  await expect(page.getByText('Showing 1–10 of 11')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('Showing 11–11 of 11')).toBeVisible();
  await page.goto(`/app/org/${organizationId}/customers?page=abc&limit=5000`);
  await expect(page.getByText('Showing 1–10 of 11')).toBeVisible();
  // Past the last page: the last page, and the URL says so.
  await page.goto(`/app/org/${organizationId}/customers?page=99`);
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('Showing 11–11 of 11')).toBeVisible();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();

  await searchCustomers(page, 'numero 03', 1);
  await page.getByRole('link', { name: 'Cliente Número 03' }).click();
  await page.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('button', { name: 'Inactive' }).click();
  await expect(page.getByRole('main').getByText('Inactive')).toBeVisible();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete customer' }).click();
  await expect(page).toHaveURL(/\/customers(\?|$)/);
  await expect(page.getByRole('link', { name: 'Cliente Número 04' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cliente Número 03' })).toBeHidden();

  await searchCustomers(page, 'numero 04', 1);
  await page.getByRole('link', { name: 'Cliente Número 04' }).click();
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  const purge = page.getByRole('dialog');
  await expect(purge.getByText('LGPD', { exact: false }).first()).toBeVisible();
  const erase = purge.getByRole('button', { name: 'Erase personal data' });
  await expect(erase).toBeDisabled();
  await purge.getByLabel('To confirm, type “Cliente Número 04”').fill('Cliente Número 04');
  await erase.click();
  await expect(page.getByRole('link', { name: 'Cliente Número 05' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cliente Número 04' })).toBeHidden();

  await page.getByRole('link', { name: 'Organization Settings' }).first().click();
  for (const tab of ['General', 'Export', 'Staff', 'Client plans']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  // The customers' own panel: plans, enrollments and payments have theirs beside it.
  await page
    .getByRole('region', { name: 'Export customers' })
    .getByRole('button', { name: 'Export CSV' })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text).toContain('First name,Last name,Email');
  expect(text).toContain('Número 11');
  expect(text).not.toContain('Número 03');

  await page.getByRole('tab', { name: 'Client plans' }).click();
  await page.getByRole('link', { name: 'Manage customer plans' }).click();
  await expect(page.getByRole('heading', { name: 'Customer plans' })).toBeVisible();
});
