import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../db/schema/index.ts';
import { createOrganization, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue #27: a spreadsheet with one full-name column (items 2), impossible dates and the preview's list
 * (item 6).
 */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
});
afterAll(() => t.close());

async function send(
  organizationId: string,
  step: '/analyze' | '/validate' | '',
  file: File,
  mapping?: unknown,
) {
  const form = new FormData();
  form.append('file', file);
  if (mapping !== undefined) form.append('mapping', JSON.stringify(mapping));
  form.append('skipInvalid', 'true');
  const response = await t.app.request(`/api/organizations/${organizationId}/customers/import${step}`, {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', authorization: `Bearer ${owner.token}` },
    body: form,
  });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

const csv = (lines: string[]) =>
  new File([`${lines.join('\r\n')}\r\n`], 'clientes.csv', { type: 'text/csv' });

async function workbook(rows: unknown[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Clientes');
  for (const row of rows) sheet.addRow(row);
  return new File([new Uint8Array(await book.xlsx.writeBuffer())], 'clientes.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

async function namesOf(organizationId: string) {
  const rows = await t.db
    .select({ firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId)))
    .orderBy(asc(customers.firstName));
  return rows.map((row) => [row.firstName, row.lastName]);
}

const FULL_NAMES = [
  ['Maria da Conceição Santos', 'maria@example.com'],
  ['João Pedro de Souza e Silva', 'joao@example.com'],
  ['ANA DAS DORES', 'ana@example.com'],
  ['Xuxa', 'xuxa@example.com'],
];

describe('a file with one "Nome" column', () => {
  for (const format of ['csv', 'xlsx'] as const) {
    it(`maps it to the full name and splits it the Brazilian way (${format})`, async () => {
      const organizationId = (await createOrganization(t, owner)).id;
      const rows = [['Nome', 'E-mail'], ...FULL_NAMES];
      const file = format === 'csv' ? csv(rows.map((row) => row.join(';'))) : await workbook(rows);
      const analyzed = await send(organizationId, '/analyze', file);
      expect(analyzed.status, JSON.stringify(analyzed.body)).toBe(200);
      expect(analyzed.body.suggestedMapping).toEqual(['fullName', 'email']);

      const preview = await send(organizationId, '/validate', file, analyzed.body.suggestedMapping);
      expect(preview.body).toMatchObject({ total: 4, valid: 3, invalid: 1 });
      const single = preview.body.rows.find((row: { row: number }) => row.row === 5);
      expect(single).toMatchObject({ name: 'Xuxa', status: 'invalid' });
      expect(single.issues).toEqual([
        expect.objectContaining({
          field: 'fullName',
          value: 'Xuxa',
          key: 'import.rowErrors.fullNameWithoutLastName',
          message: 'The full name needs a last name after the first name',
        }),
      ]);

      const imported = await send(organizationId, '', file, analyzed.body.suggestedMapping);
      expect(imported.body).toMatchObject({ outcome: 'partial', imported: 3, errors: 1 });
      expect(await namesOf(organizationId)).toEqual([
        ['ANA', 'DAS DORES'],
        ['João Pedro', 'de Souza e Silva'],
        ['Maria', 'da Conceição Santos'],
      ]);
    });
  }

  it('refuses a mapping with a full name beside first or last name, and needs neither beside it', async () => {
    const organizationId = (await createOrganization(t, owner)).id;
    const file = csv(['Nome completo;Nome;Sobrenome', 'Maria da Silva;Maria;Silva']);
    const analyzed = await send(organizationId, '/analyze', file);
    expect(analyzed.body.suggestedMapping).toEqual([null, 'firstName', 'lastName']);
    const both = await send(organizationId, '/validate', file, ['fullName', 'firstName', null]);
    expect(both.status).toBe(400);
    expect(both.body.error.code).toBe('VALIDATION_FAILED');
    const alone = await send(organizationId, '/validate', file, ['fullName', null, null]);
    expect(alone.body).toMatchObject({ total: 1, valid: 1 });
  });
});

describe('dates of birth', () => {
  it('says an impossible date does not exist, in the form the cell is written in', async () => {
    const organizationId = (await createOrganization(t, owner)).id;
    const file = csv([
      'Nome;Sobrenome;Data de nascimento',
      'Ana;Fevereiro;31/02/1980',
      'Bia;Pontos;31.04.1980',
      'Cris;Iso;1980-02-30',
      'Duda;Americana;12/31/1990',
      'Eva;Escrita;trinta de maio',
    ]);
    const preview = await send(organizationId, '/validate', file, ['firstName', 'lastName', 'dateOfBirth']);
    const messages = preview.body.rows.map(
      (row: { issues: { message: string }[] }) => row.issues[0]?.message,
    );
    expect(messages).toEqual([
      'This date does not exist (read as dd/mm/yyyy, day first)',
      'This date does not exist (read as dd.mm.yyyy, day first)',
      'This date does not exist (read as yyyy-mm-dd)',
      'This date does not exist (read as dd/mm/yyyy, day first)',
      'Invalid date format (use DD/MM/YYYY or YYYY-MM-DD)',
    ]);
  });
});

describe('the preview', () => {
  it('lists every row of a file within the limit, so "show all" shows all of them', async () => {
    const organizationId = (await createOrganization(t, owner)).id;
    // 30 rows, 6 of them invalid: the list held the 6 and the first 10 valid ones, 16 of 30.
    const rows = Array.from({ length: 30 }, (_, i) => (i % 5 === 0 ? `Sem${i};` : `Cliente${i};Lista`));
    const preview = await send(organizationId, '/validate', csv(['Nome;Sobrenome', ...rows]), [
      'firstName',
      'lastName',
    ]);
    expect(preview.body).toMatchObject({ total: 30, valid: 24, invalid: 6, isTruncated: false });
    expect(preview.body.rows.map((row: { row: number }) => row.row)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 2),
    );
  });
});
