import { IMPORT_MAX_FILE_BYTES } from '@reformer/domain/customer-import';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers } from '../../../db/schema/index.ts';
import {
  addMember,
  createCustomer,
  createOrganization,
  createUser,
  type TestUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { INSERT_BATCH_ROWS } from './customer-import.repository.ts';

let t: TestApp;
let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  await createCustomer(t, owner, organizationId, {
    firstName: 'Clara',
    lastName: 'Existente',
    idType: 'CPF',
    idNumber: '529.982.247-25',
    email: 'clara@example.com',
  });
});
afterAll(() => t.close());

type Fields = { mapping?: unknown; skipInvalid?: boolean };

/** A multipart call of the wizard, as the web sends it. */
async function send(
  step: '/analyze' | '/validate' | '',
  file: Blob | File | null,
  fields: Fields = {},
  user = owner,
) {
  const form = new FormData();
  if (file) form.append('file', file);
  if (fields.mapping !== undefined)
    form.append(
      'mapping',
      typeof fields.mapping === 'string' ? fields.mapping : JSON.stringify(fields.mapping),
    );
  if (fields.skipInvalid !== undefined) form.append('skipInvalid', String(fields.skipInvalid));
  const response = await t.app.request(`/api/organizations/${organizationId}/customers/import${step}`, {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', authorization: `Bearer ${user.token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), headers: response.headers };
}

const csv = (lines: string[], name = 'clientes.csv') =>
  new File([`${lines.join('\r\n')}\r\n`], name, { type: 'text/csv' });

async function customerCount() {
  const [row] = await t.db
    .select({ value: count() })
    .from(customers)
    .where(eq(customers.organizationId, organizationId));
  return row?.value ?? 0;
}

const HEADER = 'Nome;Sobrenome;CPF;Celular;Data de nascimento;E-mail;Sexo;CEP';
const MAPPING = ['firstName', 'lastName', 'cpf', 'phone', 'dateOfBirth', 'email', 'gender', 'zipCode'];

describe('reading the file', () => {
  it('reads a Latin-1 file separated by ; and suggests the mapping from its Portuguese headers', async () => {
    const text = `${HEADER}\r\nJoão;Conceição;111.444.777-35;(11) 98765-4321;03/02/1990;joao@example.com;Masculino;01310-100\r\n`;
    const file = new File([iconv.encode(text, 'win1252')], 'planilha.csv', { type: 'text/csv' });
    const response = await send('/analyze', file);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toMatchObject({
      fileName: 'planilha.csv',
      format: 'csv',
      encoding: 'windows-1252',
      delimiter: ';',
      rowCount: 1,
      suggestedMapping: MAPPING,
    });
    expect(response.body.samples[0]).toEqual(['João']);
    expect(response.body.samples[1]).toEqual(['Conceição']);
  });

  it('reads UTF-8 with a byte-order mark and , separators', async () => {
    const file = csv(['\uFEFFFirst name,Last name,Email', 'Ana,Souza,ana@example.com']);
    const response = await send('/analyze', file);
    expect(response.body).toMatchObject({
      encoding: 'utf-8',
      delimiter: ',',
      headers: ['First name', 'Last name', 'Email'],
      suggestedMapping: ['firstName', 'lastName', 'email'],
    });
  });

  it('reads the first sheet of an Excel workbook, date cells included, and imports it', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clientes');
    sheet.addRow(['Nome', 'Sobrenome', 'Data de nascimento', 'Celular', 'CPF']);
    sheet.addRow(['Beatriz', 'Planilha', new Date(Date.UTC(1985, 6, 9)), 11912345678, '123.456.789-09']);
    sheet.addRow([]);
    sheet.addRow([{ richText: [{ text: 'Caio' }] }, 'Planilha', '09/07/1985', '(21) 3333-4444', 1234567890]);
    const workbookBytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const file = new File([workbookBytes], 'clientes.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const analyzed = await send('/analyze', file);
    expect(analyzed.status, JSON.stringify(analyzed.body)).toBe(200);
    expect(analyzed.body).toMatchObject({ format: 'xlsx', encoding: null, delimiter: null, rowCount: 2 });
    const mapping = analyzed.body.suggestedMapping;
    expect(mapping).toEqual(['firstName', 'lastName', 'dateOfBirth', 'phone', 'cpf']);
    const imported = await send('', file, { mapping });
    expect(imported.body).toMatchObject({ outcome: 'success', processed: 2, imported: 2 });
    const rows = await t.db
      .select()
      .from(customers)
      .where(and(eq(customers.organizationId, organizationId), eq(customers.lastName, 'Planilha')));
    expect(rows.map((row) => [row.firstName, row.dateOfBirth, row.phone, row.idNumber]).sort()).toEqual([
      ['Beatriz', '1985-07-09', '+5511912345678', '12345678909'],
      ['Caio', '1985-07-09', '+552133334444', '01234567890'],
    ]);
  });

  it('refuses what is not a spreadsheet, empty files, files without headers and broken CSV, writing nothing', async () => {
    const before = await customerCount();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])], 'photo.png', {
      type: 'image/png',
    });
    const binaryCsv = new File([new Uint8Array([0x4e, 0x6f, 0x6d, 0x65, 0, 1, 2])], 'x.csv', {
      type: 'text/csv',
    });
    const oldExcel = new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2])], 'x.xls');
    const cases: [File, string][] = [
      [png, 'IMPORT_FILE_TYPE'],
      [binaryCsv, 'IMPORT_FILE_TYPE'],
      [oldExcel, 'IMPORT_FILE_TYPE'],
      [new File(['PK\u0003\u0004 not a workbook'], 'x.xlsx'), 'IMPORT_WORKBOOK_UNREADABLE'],
      [new File([''], 'empty.csv', { type: 'text/csv' }), 'IMPORT_FILE_EMPTY'],
      [csv(['Nome;Sobrenome', ';', '']), 'IMPORT_FILE_EMPTY'],
      [csv(['123;456', '789;012']), 'IMPORT_NO_HEADERS'],
      [csv(['Nome;Sobrenome', '"Ana;Souza']), 'IMPORT_PARSE_FAILED'],
      [
        csv([Array.from({ length: 101 }, (_, i) => `Coluna ${i}`).join(';'), 'Ana']),
        'IMPORT_TOO_MANY_COLUMNS',
      ],
    ];
    for (const [file, code] of cases) {
      for (const step of ['/analyze', ''] as const) {
        const response = await send(step, file, { mapping: ['firstName', 'lastName'], skipInvalid: true });
        expect(response.status, `${file.name} ${step}`).toBe(400);
        expect(response.body.error.code, file.name).toBe(code);
        expect(response.body.error.message).toBeTruthy();
      }
    }
    // The message is the catalog's, in the user's language; the parser's English words are only a detail.
    const parseFailed = await send('/analyze', csv(['Nome;Sobrenome', 'Bia;Lima', '"Ana;Souza']));
    expect(parseFailed.body.error).toMatchObject({
      message: 'Failed to read the CSV file: a quotation mark (") is not closed properly in row 3.',
      details: { row: 3, error: 'Quoted field unterminated' },
    });
    const workbook = await send('/analyze', new File(['PK\u0003\u0004 not a workbook'], 'x.xlsx'));
    expect(workbook.body.error.message).toMatch(/^Failed to read the Excel workbook\./);
    expect(workbook.body.error.details.error).toBeTruthy();
    const missing = await send('/analyze', null);
    expect(missing.body.error.code).toBe('VALIDATION_FAILED');
    expect(await customerCount()).toBe(before);
  });

  it('answers 413 with the limit for a file over 10 MB, the file alone or the whole request, writing nothing', async () => {
    const before = await customerCount();
    const big = new File([new Uint8Array(IMPORT_MAX_FILE_BYTES + 1).fill(0x61)], 'big.csv', {
      type: 'text/csv',
    });
    const response = await send('/analyze', big);
    expect(response.status).toBe(413);
    expect(response.body.error).toMatchObject({
      code: 'IMPORT_FILE_TOO_LARGE',
      message: 'File size exceeds the limit of 10MB',
      details: { maxSize: 10 },
    });
    const huge = await send('', new File([new Uint8Array(IMPORT_MAX_FILE_BYTES + 400_000)], 'huge.csv'), {
      mapping: ['firstName', 'lastName'],
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('IMPORT_FILE_TOO_LARGE');
    const justOver = await send('', big, { mapping: ['firstName'], skipInvalid: true });
    expect(justOver.status).toBe(413);
    expect(await customerCount()).toBe(before);
  });

  it('refuses a mapping that does not fit the file, or leaves a required field out', async () => {
    const file = csv([HEADER, 'Ana;Souza;;;;;;']);
    const mismatch = await send('/validate', file, { mapping: ['firstName', 'lastName'] });
    expect(mismatch.body.error.code).toBe('IMPORT_MAPPING_MISMATCH');
    const unmapped = await send('/validate', file, { mapping: ['firstName', ...MAPPING.slice(2), null] });
    expect(unmapped.body.error).toMatchObject({
      code: 'IMPORT_REQUIRED_FIELDS_UNMAPPED',
      details: { missing: 'lastName' },
    });
    for (const mapping of ['{not json', '["firstName","firstName"]', '["nope"]']) {
      const response = await send('/validate', file, { mapping });
      expect(response.status, mapping).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
  });
});

/** One row per check of spec §5, then valid and duplicate rows. */
const CHECKED_FILE = [
  HEADER,
  ';Semnome;;;;;;', // row 2: required
  'Eva;Email;;;;eva@;;', // 3: email
  'Fabio;Fone;;1234;;;;', // 4: phone
  'Gil;Data;;;1990/31/12;;;', // 5: date
  'Hana;Sexo;;;;;Talvez;', // 6: enumerated value
  'Ivo;Cpf;111.111.111-11;;;;;', // 7: CPF
  'Jade;Cep;;;;;;123', // 8: CEP
  'Karla;Valida;11144477735;(11) 98765-4321;1990-02-03;karla@example.com;F;01310100', // 9: valid
  'Luis;Valido;;;;;;', // 10: valid, no CPF or email
  'Clara;Outra;529.982.247-25;;;;;', // 11: duplicate of the organization's customer (CPF)
  'Clarice;Email;;;;CLARA@example.com;;', // 12: duplicate of the organization's customer (email)
  'Karla;Repetida;111.444.777-35;;;;;', // 13: duplicate of row 9 (CPF)
];

describe('checking the rows', () => {
  it('reports every row check of the spec with its field, value and message', async () => {
    const response = await send('/validate', csv(CHECKED_FILE), { mapping: MAPPING });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ total: 12, valid: 2, invalid: 7, warnings: 3, isTruncated: false });
    const issues = response.body.rows.flatMap(
      (row: { issues: { row: number; field: string; value: string; message: string }[] }) => row.issues,
    );
    expect(
      issues.map(({ row, field, value, message }: Record<string, unknown>) => [row, field, value, message]),
    ).toEqual([
      [2, 'firstName', '', 'This field is required'],
      [3, 'email', 'eva@', 'Invalid email format'],
      [4, 'phone', '1234', 'Invalid phone format'],
      [5, 'dateOfBirth', '1990/31/12', 'Invalid date format (use DD/MM/YYYY or YYYY-MM-DD)'],
      [6, 'gender', 'Talvez', 'Invalid value. Valid options: MALE, FEMALE, OTHER, PREFER_NOT_TO_SAY'],
      [7, 'cpf', '111.111.111-11', 'Invalid CPF format'],
      [8, 'zipCode', '123', 'Please enter a valid CEP'],
    ]);
    const statuses = response.body.rows.map(
      (row: { row: number; status: string }) => `${row.row}:${row.status}`,
    );
    expect(statuses).toEqual([
      '2:invalid',
      '3:invalid',
      '4:invalid',
      '5:invalid',
      '6:invalid',
      '7:invalid',
      '8:invalid',
      '9:valid',
      '10:valid',
      '11:warning',
      '12:warning',
      '13:warning',
    ]);
  });

  it('finds duplicates by CPF or email against the organization and inside the file', async () => {
    const response = await send('/validate', csv(CHECKED_FILE), { mapping: MAPPING });
    const duplicates = response.body.rows.flatMap((row: { duplicate: unknown }) => row.duplicate ?? []);
    expect(duplicates).toEqual([
      {
        row: 11,
        field: 'cpf',
        value: '529.982.247-25',
        existingCustomer: { id: expect.any(String), name: 'Clara Existente' },
        firstRow: null,
      },
      {
        row: 12,
        field: 'email',
        value: 'clara@example.com',
        existingCustomer: { id: expect.any(String), name: 'Clara Existente' },
        firstRow: null,
      },
      { row: 13, field: 'cpf', value: '111.444.777-35', existingCustomer: null, firstRow: 9 },
    ]);
  });

  it('with "skip invalid rows" off, refuses the whole file and writes nothing', async () => {
    const before = await customerCount();
    const response = await send('', csv(CHECKED_FILE), { mapping: MAPPING, skipInvalid: false });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('IMPORT_ROWS_INVALID');
    expect(response.body.error.message).toContain('7 rows are invalid');
    expect(response.body.error.details).toMatchObject({
      outcome: 'failed',
      imported: 0,
      errors: 7,
      duplicates: 3,
    });
    expect(response.body.error.details.errorList).toHaveLength(7);
    expect(await customerCount()).toBe(before);
  });

  it('with it on, imports the valid rows, skips the rest, lists why, and audits the import', async () => {
    const before = await customerCount();
    const response = await send('', csv(CHECKED_FILE), { mapping: MAPPING, skipInvalid: true });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      outcome: 'partial',
      processed: 12,
      imported: 2,
      errors: 7,
      duplicates: 3,
    });
    expect(response.body.errorList.map((issue: { row: number }) => issue.row)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(response.body.duplicateList.map((duplicate: { row: number }) => duplicate.row)).toEqual([
      11, 12, 13,
    ]);
    expect(await customerCount()).toBe(before + 2);
    const [karla] = await t.db.select().from(customers).where(eq(customers.lastName, 'Valida'));
    expect(karla).toMatchObject({
      idType: 'CPF',
      idNumber: '11144477735',
      phone: '+5511987654321',
      dateOfBirth: '1990-02-03',
      email: 'karla@example.com',
      gender: 'FEMALE',
      zipCode: '01310-100',
      status: 'ACTIVE',
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.action, 'customers.imported')));
    expect(audit.at(-1)).toMatchObject({
      actorId: owner.id,
      details: { imported: 2, errors: 7, duplicates: 3 },
    });
    // The same file again: Karla is a duplicate now; Luis, with neither CPF nor email, cannot be told apart.
    const again = await send('', csv(CHECKED_FILE), { mapping: MAPPING, skipInvalid: true });
    expect(again.body).toMatchObject({ outcome: 'partial', imported: 1, duplicates: 4 });
    expect(await customerCount()).toBe(before + 3);
  });

  it('says nothing new was imported when every row is a customer already', async () => {
    const before = await customerCount();
    const file = csv([HEADER, CHECKED_FILE[10] ?? '', CHECKED_FILE[11] ?? '']);
    const response = await send('', file, { mapping: MAPPING, skipInvalid: false });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ outcome: 'nothingNew', imported: 0, errors: 0, duplicates: 2 });
    expect(await customerCount()).toBe(before);
  });

  it('writes all rows or none: a failure in a later batch leaves no row of the file', async () => {
    // A fault injected in the database: the row named Explode fails its INSERT, after whole batches went in.
    await t.database.execute(`
      create function fail_import_row() returns trigger language plpgsql as $$
      begin
        if new.first_name = 'Explode' then raise exception 'forced failure'; end if;
        return new;
      end $$;
      create trigger fail_import_row before insert on customers for each row execute function fail_import_row();`);
    try {
      const rows = Array.from({ length: INSERT_BATCH_ROWS + 500 }, (_, i) =>
        i === INSERT_BATCH_ROWS + 250 ? 'Explode;Now' : `Lote${i};Atomico`,
      );
      const before = await customerCount();
      const response = await send('', csv(['Nome;Sobrenome', ...rows]), {
        mapping: ['firstName', 'lastName'],
      });
      expect(response.status).toBe(500);
      expect(response.body.error.code).toBe('INTERNAL_ERROR');
      expect(await customerCount()).toBe(before);
    } finally {
      await t.database.execute('drop trigger fail_import_row on customers; drop function fail_import_row();');
    }
  });
});

describe('import permissions', () => {
  it('needs IMPORT_CUSTOMERS; another organization gets 404', async () => {
    const viewer = await addMember(t, owner, organizationId, { role: 'ORG_VIEWER' });
    const manager = await addMember(t, owner, organizationId, { role: 'ORG_MANAGER' });
    const outsider = await createUser(t);
    await createOrganization(t, outsider);
    const file = csv(['Nome;Sobrenome', 'Permissao;Teste']);
    for (const step of ['/analyze', '/validate', ''] as const) {
      const fields = { mapping: ['firstName', 'lastName'] };
      expect((await send(step, file, fields, viewer)).status).toBe(403);
      expect((await send(step, file, fields, outsider)).status).toBe(404);
      expect((await send(step, file, fields, manager)).status).toBe(200);
    }
  });
});
