import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createCustomerViaApi, signUpWithOrganization } from '../support/organization.ts';

/**
 * The customer import wizard in Portuguese (issue #14): a Latin-1 spreadsheet separated by ; with valid,
 * invalid and duplicate rows; the mapping (on a phone) with a required field taken away and put back; the
 * preview's counts and issues; the confirm step; the result with its errors and duplicates, copied and
 * downloaded; and the imported customers on the list.
 */

const OWNER = { firstName: 'Ines', lastName: 'Importadora' };

const FILE = [
  'Nome;Sobrenome;CPF;E-mail;Data de nascimento;Apelido',
  'Ana;Importada;111.444.777-35;ana.importada@exemplo.com.br;03/02/1990;Aninha',
  'José;Conceição;;jose@exemplo.com.br;1985-07-09;Zé',
  'Érica;Email;;erica@;;',
  'Ivo;Cpf;111.111.111-11;;;',
  'Clara;Repetida;529.982.247-25;;;',
].join('\r\n');

/** Windows-1252, as Excel in Portuguese saves "CSV". */
const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** The table and the cards are both in the page; the viewport shows one of them. */
const visible = (locator: Locator) => locator.locator('visible=true');

async function openWizard(page: Page, organizationId: string) {
  await page.goto(`/app/org/${organizationId}/settings`);
  await page.getByRole('tab', { name: 'Importar' }).click();
  await page.getByRole('link', { name: 'Iniciar importação' }).click();
  await expect(page.getByRole('heading', { name: 'Importar clientes', level: 1 })).toBeVisible();
}

test('import a spreadsheet with valid, invalid and duplicate rows, in Portuguese', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1366, height: 900 });
  const organizationId = await signUpWithOrganization(page, OWNER, `Studio ${randomUUID().slice(0, 8)}`);
  await createCustomerViaApi(page, organizationId, 'Clara', 'Existente', {
    idType: 'CPF',
    idNumber: '529.982.247-25',
  });
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await openWizard(page, organizationId);

  // Step 1: the template downloads; a file that is not a spreadsheet is refused before it is sent.
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar o modelo de exemplo' }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('modelo-importacao-clientes.csv');
  const templateText = await readFile(await template.path(), 'utf8');
  expect(templateText).toMatch(/^\uFEFFNome;Sobrenome;E-mail;Telefone;/);
  const fileInput = page.locator('#import-file');
  await fileInput.setInputFiles({
    name: 'foto.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF'),
  });
  await expect(page.getByRole('alert')).toHaveText('Selecione um arquivo CSV válido');
  await fileInput.setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: latin1(FILE) });
  await expect(page.getByText('clientes.csv: 5 linhas e 6 colunas.')).toBeVisible();
  await expect(page.getByText('CSV, separador “;”, Windows-1252 (Latin-1)')).toBeVisible();
  await page.getByRole('button', { name: 'Avançar' }).click();

  // Step 2, on a phone: Portuguese headers mapped by themselves, accents read right; a required field taken
  // away stops the wizard until it is mapped again.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(visible(page.getByText('Ana · José · Érica'))).toBeVisible();
  const lastName = visible(page.getByLabel('Campo do cliente para a coluna “Sobrenome”'));
  await expect(lastName).toHaveValue('lastName');
  await expect(visible(page.getByLabel('Campo do cliente para a coluna “CPF”'))).toHaveValue('cpf');
  await expect(visible(page.getByLabel('Campo do cliente para a coluna “Data de nascimento”'))).toHaveValue(
    'dateOfBirth',
  );
  await expect(visible(page.getByLabel('Campo do cliente para a coluna “Apelido”'))).toHaveValue('');
  await lastName.selectOption('');
  await expect(page.getByRole('alert')).toHaveText(
    'Associe os campos obrigatórios para continuar: Sobrenome (ou uma coluna de Nome completo para os dois)',
  );
  await expect(page.getByRole('button', { name: 'Avançar' })).toBeDisabled();
  await lastName.selectOption('lastName');
  await expect(page.getByText('Todos os campos obrigatórios estão associados.')).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: 'Avançar' }).click();

  // Step 3: counts, each row's status and issues; invalid rows skipped (the default).
  await expect(page.locator('[data-stat="total"] dd')).toHaveText('5');
  await expect(page.locator('[data-stat="valid"] dd')).toHaveText('2');
  await expect(page.locator('[data-stat="invalid"] dd')).toHaveText('2');
  await expect(page.locator('[data-stat="warnings"] dd')).toHaveText('1');
  await expect(visible(page.getByText('Formato de e-mail inválido'))).toBeVisible();
  await expect(visible(page.getByText('Formato de CPF inválido'))).toBeVisible();
  await expect(
    visible(page.getByText('Já é cliente: Clara Existente (mesmo CPF); será ignorada')),
  ).toBeVisible();
  await expect(page.getByLabel('Ignorar linhas inválidas')).toBeChecked();
  await page.getByRole('button', { name: 'Revisar e confirmar' }).click();

  // The confirm step, then the import.
  await expect(page.getByText('2 clientes serão importados.')).toBeVisible();
  await expect(page.getByText('2 linhas inválidas serão ignoradas.')).toBeVisible();
  await expect(page.getByText('1 duplicado será ignorado.')).toBeVisible();
  await page.getByRole('button', { name: 'Importar clientes' }).click();

  // Step 4: the result.
  await expect(page.getByText('Importação concluída com problemas.')).toBeVisible();
  await expect(page.locator('[data-stat="processed"] dd')).toHaveText('5');
  await expect(page.locator('[data-stat="imported"] dd')).toHaveText('2');
  await expect(page.locator('[data-stat="errors"] dd')).toHaveText('2');
  await expect(page.locator('[data-stat="duplicates"] dd')).toHaveText('1');
  const errors = page.getByRole('table', { name: 'Erros' });
  await expect(errors.getByRole('row', { name: /4 Formato de e-mail inválido E-mail erica@/ })).toBeVisible();
  await expect(
    errors.getByRole('row', { name: /5 Formato de CPF inválido CPF 111\.111\.111-11/ }),
  ).toBeVisible();
  const duplicates = page.getByRole('table', { name: 'Duplicados' });
  await expect(duplicates.getByRole('row', { name: /6 CPF 529\.982\.247-25 Clara Existente/ })).toBeVisible();

  await page.getByRole('button', { name: 'Copiar erros' }).click();
  await expect(page.getByText('Erros copiados.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(
    'Erro 1: Linha 4 - E-mail: Formato de e-mail inválido\nErro 2: Linha 5 - CPF: Formato de CPF inválido',
  );
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar relatório' }).click(),
  ]);
  const reportText = await readFile(await report.path(), 'utf8');
  expect(reportText.split('\r\n')).toEqual([
    '\uFEFFTipo;Linha;Problema;Dados',
    'Erro;4;E-mail: Formato de e-mail inválido;erica@',
    'Erro;5;CPF: Formato de CPF inválido;111.111.111-11',
    'Duplicado;6;"Já é cliente: Clara Existente (mesmo CPF); será ignorada";529.982.247-25',
  ]);

  // The customers list has the imported customers, accents intact.
  await page.getByRole('link', { name: 'Ver clientes' }).click();
  await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
  await expect(visible(page.getByText('Ana Importada'))).toBeVisible();
  await expect(visible(page.getByText('José Conceição'))).toBeVisible();
  await expect(visible(page.getByText('Clara Existente'))).toBeVisible();
  await expect(page.getByText('Érica Email')).toHaveCount(0);
  await expect(page.getByText('Clara Repetida')).toHaveCount(0);
});

/**
 * In English: an answer that is not JSON fails the step instead of leaving it spinning; a result whose list
 * of errors is cut says so, on the page and in the report; a file of customers already on the books says
 * that nothing new was imported rather than that the import failed.
 */
test('say what the result leaves out, and that nothing is new, in English', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const owner = { firstName: 'Ian', lastName: 'Importer' };
  const organizationId = await signUpWithOrganization(page, owner, `Studio ${randomUUID().slice(0, 8)}`);
  await createCustomerViaApi(page, organizationId, 'Clara', 'Existente', {
    idType: 'CPF',
    idNumber: '529.982.247-25',
  });
  await page.goto(`/app/org/${organizationId}/settings`);
  await page.getByRole('tab', { name: 'Import' }).click();
  await page.getByRole('link', { name: 'Start import' }).click();
  const fileInput = page.locator('#import-file');
  const upload = (name: string, lines: string[]) =>
    fileInput.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) });

  const nameless = Array.from({ length: 1001 }, (_, i) => `,Nameless${i},`);
  await upload('customers.csv', ['First name,Last name,CPF', ...nameless, 'Clara,Again,529.982.247-25']);
  const importAll = async () => {
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Review and confirm' }).click();
    await page.getByRole('button', { name: 'Import customers' }).click();
  };
  await importAll();
  await expect(page.getByText('Import failed. No customer was imported.')).toBeVisible();
  await expect(page.getByText('Only the first 1000 of 1001 rows with errors are listed.')).toBeVisible();
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download report' }).click(),
  ]);
  const lines = (await readFile(await report.path(), 'utf8')).split('\r\n');
  expect(lines.slice(0, 3)).toEqual([
    '\uFEFFType,Row,Issue,Data',
    'Note,,Only the first 1000 of 1001 rows with errors are listed.,',
    'Error,2,First name: This field is required,',
  ]);
  expect(lines).toHaveLength(1 + 1 + 1000 + 1);

  await page.getByRole('button', { name: 'Import another file' }).click();
  await upload('again.csv', ['First name,Last name,CPF', 'Clara,Again,529.982.247-25']);
  await importAll();
  await expect(page.getByRole('status')).toHaveText(
    'Nothing new was imported: every row of the file is already a customer.',
  );
  await expect(page.locator('[data-stat="duplicates"] dd')).toHaveText('1');
});

/**
 * Issue #27, in Portuguese: a spreadsheet with one "Nome" column imports as full names; a date that does not
 * exist is named as such in the file's own form; Reload and Back keep the wizard's step and mapping (the
 * file is chosen again after a reload, never kept), on a phone and on a desktop.
 */
test('import full names, keep the step through Reload and Back, name an impossible date', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const owner = { firstName: 'Nair', lastName: 'Nomecompleto' };
  const organizationId = await signUpWithOrganization(page, owner, `Studio ${randomUUID().slice(0, 8)}`);
  await page.getByLabel('Language').first().selectOption('pt_BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await openWizard(page, organizationId);
  const file = {
    name: 'alunas.csv',
    mimeType: 'text/csv',
    buffer: latin1(
      [
        'Nome;Apelido;Data de nascimento',
        'Maria da Conceição Santos;Mari;03/02/1990',
        'João Pedro de Souza e Silva;JP;31/02/1980',
        'Xuxa;;',
      ].join('\r\n'),
    ),
  };
  const fileInput = page.locator('#import-file');
  await fileInput.setInputFiles(file);
  await expect(page.getByText('alunas.csv: 3 linhas e 3 colunas.')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Avançar' }).click();

  // The lone "Nome" column is the full name: nothing required is missing. A choice made here is kept.
  const nameColumn = visible(page.getByLabel('Campo do cliente para a coluna “Nome”'));
  await expect(nameColumn).toHaveValue('fullName');
  await expect(page.getByText('Todos os campos obrigatórios estão associados.')).toBeVisible();
  await visible(page.getByLabel('Campo do cliente para a coluna “Apelido”')).selectOption('notes');
  await expect(page).toHaveURL(/step=mapping/);

  // A reload keeps the step and the mapping; only the file is chosen again.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'A página foi recarregada' })).toContainText(
    'continuar na etapa “Mapeamento”',
  );
  await fileInput.setInputFiles(file);
  await expect(visible(page.getByLabel('Campo do cliente para a coluna “Apelido”'))).toHaveValue('notes');
  await expect(nameColumn).toHaveValue('fullName');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: 'Avançar' }).click();

  // The preview: a single word has no surname; 31/02/1980 does not exist, said as the file writes dates.
  await expect(page.locator('[data-stat="total"] dd')).toHaveText('3');
  await expect(page.locator('[data-stat="valid"] dd')).toHaveText('1');
  await expect(page.locator('[data-stat="invalid"] dd')).toHaveText('2');
  await expect(
    visible(page.getByText('Esta data não existe (lida como dd/mm/aaaa, dia primeiro)')),
  ).toBeVisible();
  await expect(
    visible(page.getByText('O nome completo precisa de um sobrenome depois do nome')),
  ).toBeVisible();

  // Back goes to the mapping, not out of the wizard; Forward returns to the preview.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Associe as colunas' })).toBeVisible();
  await expect(visible(page.getByLabel('Campo do cliente para a coluna “Apelido”'))).toHaveValue('notes');
  await page.goForward();
  await expect(page.locator('[data-stat="invalid"] dd')).toHaveText('2');

  // A reload on the preview checks the rows again once the file is chosen again.
  await page.reload();
  await fileInput.setInputFiles(file);
  await expect(page.locator('[data-stat="valid"] dd')).toHaveText('1');
  await page.getByRole('button', { name: 'Revisar e confirmar' }).click();
  await page.getByRole('button', { name: 'Importar clientes' }).click();
  await expect(page.locator('[data-stat="imported"] dd')).toHaveText('1');
  await expect(page.locator('[data-stat="errors"] dd')).toHaveText('2');

  // Back from the result is the preview, never the confirm step with its import button.
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Revisar e confirmar' })).toBeVisible();
  await page.goto(`/app/org/${organizationId}/customers`);
  await expect(visible(page.getByText('Maria da Conceição Santos'))).toBeVisible();
});
