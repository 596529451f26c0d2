import { describe, expect, it } from 'vitest';
import {
  chooseImportField,
  IMPORT_FIELDS,
  IMPORT_TEMPLATE_FIELDS,
  type ImportField,
  ImportMapping,
  ImportRowsFields,
  importFieldLabelKey,
  missingRequiredFields,
  suggestMapping,
} from './customer-import.ts';
import { checkImportRow, IMPORT_ROW_KEYS, parseImportDate } from './customer-import-rows.ts';
import enUS from './i18n/en_US.json' with { type: 'json' };
import ptBR from './i18n/pt_BR.json' with { type: 'json' };
import { translate } from './i18n.ts';

describe('the automatic column mapping', () => {
  it('maps the common Portuguese headers, accents and case aside', () => {
    expect(
      suggestMapping([
        'Nome',
        'Sobrenome',
        'CPF',
        'Celular',
        'Data de Nascimento',
        'E-mail',
        'Sexo',
        'CEP',
        'Nº',
      ]),
    ).toEqual([
      'firstName',
      'lastName',
      'cpf',
      'phone',
      'dateOfBirth',
      'email',
      'gender',
      'zipCode',
      'number',
    ]);
  });

  it('maps the English ones and leaves unknown columns to skip', () => {
    expect(
      suggestMapping(['First Name', 'last_name', 'Email address', 'Mobile', 'Date of birth', 'Favourite']),
    ).toEqual(['firstName', 'lastName', 'email', 'phone', 'dateOfBirth', null]);
  });

  it("maps the export's own headers in both languages, and a field only once", () => {
    expect(
      suggestMapping([
        'Nome',
        'Sobrenome',
        'Tipo de documento',
        'Número do documento',
        'Observações',
        'Cadastrado em',
      ]),
    ).toEqual(['firstName', 'lastName', 'idType', 'idNumber', 'notes', null]);
    expect(suggestMapping(['Telefone', 'Celular'])).toEqual(['phone', null]);
  });

  it('maps every field by its own label in both languages: the sample template imports with no mapping', () => {
    const labelsIn = (catalog: typeof enUS, fields: readonly ImportField[]) =>
      fields.map((field) => translate(catalog, importFieldLabelKey(field)));
    const apart = IMPORT_FIELDS.filter((field) => field !== 'fullName');
    for (const catalog of [enUS, ptBR]) {
      expect(suggestMapping(labelsIn(catalog, apart))).toEqual(apart);
      expect(suggestMapping(labelsIn(catalog, IMPORT_TEMPLATE_FIELDS))).toEqual([...IMPORT_TEMPLATE_FIELDS]);
      expect(suggestMapping(labelsIn(catalog, ['fullName', 'email']))).toEqual(['fullName', 'email']);
    }
  });

  it('reads a lone "Nome" as the full name, and prefers first and last name columns to a full one (issue #27)', () => {
    expect(suggestMapping(['Nome', 'CPF', 'Celular'])).toEqual(['fullName', 'cpf', 'phone']);
    expect(suggestMapping(['Name', 'Email'])).toEqual(['fullName', 'email']);
    expect(suggestMapping(['Nome completo', 'Nome'])).toEqual(['fullName', null]);
    expect(suggestMapping(['Nome completo', 'Nome', 'Sobrenome'])).toEqual([null, 'firstName', 'lastName']);
    expect(suggestMapping(['Nome completo', 'Sobrenome'])).toEqual(['fullName', null]);
    // A first-name header says what it holds: the surname is reported missing, not guessed.
    expect(suggestMapping(['Primeiro nome', 'E-mail'])).toEqual(['firstName', 'email']);
  });

  it('takes a full name in place of first and last name, never beside them (issue #27)', () => {
    expect(missingRequiredFields(['fullName', null])).toEqual([]);
    expect(ImportMapping.safeParse(['fullName', 'email']).success).toBe(true);
    expect(ImportMapping.safeParse(['fullName', 'firstName']).success).toBe(false);
    expect(ImportMapping.safeParse(['lastName', 'fullName']).success).toBe(false);
    // Choosing one frees the others, wherever they were.
    expect(chooseImportField(['firstName', 'lastName', null], 2, 'fullName')).toEqual([
      null,
      null,
      'fullName',
    ]);
    expect(chooseImportField(['fullName', null, 'email'], 1, 'lastName')).toEqual([
      null,
      'lastName',
      'email',
    ]);
    expect(chooseImportField(['email', 'phone'], 1, 'email')).toEqual([null, 'email']);
    expect(chooseImportField(['email', 'phone'], 1, null)).toEqual(['email', null]);
  });

  it('accepts a mapping naming each field once, and lists the required fields it lacks', () => {
    expect(ImportMapping.safeParse(['firstName', null, 'firstName']).success).toBe(false);
    expect(ImportMapping.safeParse(['firstName', null, 'lastName']).success).toBe(true);
    expect(missingRequiredFields(['firstName', null])).toEqual(['lastName']);
    expect(missingRequiredFields([null])).toEqual(['firstName', 'lastName']);
  });

  it('reads the form fields as sent, refusing a mapping that is not JSON', () => {
    const fields = ImportRowsFields.parse({ mapping: '["firstName","lastName"]', skipInvalid: 'true' });
    expect(fields).toEqual({ mapping: ['firstName', 'lastName'], skipInvalid: true });
    expect(ImportRowsFields.parse({ mapping: '["firstName"]' }).skipInvalid).toBe(false);
    expect(ImportRowsFields.safeParse({ mapping: '{nope' }).success).toBe(false);
  });
});

describe('the row checks', () => {
  const keysOf = (cells: Parameters<typeof checkImportRow>[0]) =>
    checkImportRow(cells).issues.map((issue) => `${issue.field}:${issue.key}`);

  it('reads dates as dd/mm/yyyy and yyyy-mm-dd, and refuses impossible ones', () => {
    expect(parseImportDate('03/02/1990')).toBe('1990-02-03');
    expect(parseImportDate('3.2.1990')).toBe('1990-02-03');
    expect(parseImportDate('1990-02-03')).toBe('1990-02-03');
    expect(parseImportDate('1990-2-3')).toBe('1990-02-03');
    // Day first, always: a US-style 12/31/1990 is refused, never read as another date.
    expect(parseImportDate('12/31/1990')).toBeNull();
    expect(parseImportDate('1990-31-12')).toBeNull();
    expect(parseImportDate('30/02/1990')).toBeNull();
    expect(parseImportDate('02/1990')).toBeNull();
    expect(parseImportDate('03/02.1990')).toBeNull();
  });

  it('says an impossible date does not exist, in the form the cell is written in (issue #27)', () => {
    const dateIssue = (dateOfBirth: string) =>
      checkImportRow({ firstName: 'Ana', lastName: 'Souza', dateOfBirth }).issues[0];
    expect(dateIssue('31/02/1980')).toMatchObject({
      key: IMPORT_ROW_KEYS.dateDoesNotExist,
      params: { separator: '/' },
    });
    expect(dateIssue('31-04-1980')?.params).toEqual({ separator: '-' });
    expect(dateIssue('1980-02-30')?.key).toBe(IMPORT_ROW_KEYS.isoDateDoesNotExist);
    expect(dateIssue('Fevereiro de 1980')?.key).toBe(IMPORT_ROW_KEYS.date);
    const issue = dateIssue('31/02/1980');
    expect(translate(ptBR, issue?.key ?? '', issue?.params)).toBe(
      'Esta data não existe (lida como dd/mm/aaaa, dia primeiro)',
    );
    expect(translate(enUS, issue?.key ?? '', issue?.params)).toBe(
      'This date does not exist (read as dd/mm/yyyy, day first)',
    );
  });

  it('splits a full-name cell into the first and last name, and reports a lone word on it (issue #27)', () => {
    const checked = checkImportRow({ fullName: 'Maria da Conceição Santos' });
    expect(checked.values).toMatchObject({ firstName: 'Maria', lastName: 'da Conceição Santos' });
    expect(checkImportRow({ fullName: 'Xuxa' }).issues).toEqual([
      { field: 'fullName', key: IMPORT_ROW_KEYS.fullNameWithoutLastName, value: 'Xuxa' },
    ]);
    expect(checkImportRow({ fullName: `${'A'.repeat(101)} Souza` }).issues[0]).toMatchObject({
      field: 'fullName',
      key: 'validation.max',
    });
  });

  it('turns a Brazilian spreadsheet row into the customer the form would save', () => {
    const checked = checkImportRow({
      firstName: ' Ana ',
      lastName: 'Souza',
      cpf: '529.982.247-25',
      phone: '(11) 98765-4321',
      dateOfBirth: '03/02/1990',
      email: 'Ana@Example.com',
      gender: 'Feminino',
      isWhatsapp: 'Sim',
      zipCode: '01310100',
      status: 'Ativo',
    });
    expect(checked.issues).toEqual([]);
    expect(checked.values).toMatchObject({
      firstName: 'Ana',
      idType: 'CPF',
      idNumber: '52998224725',
      phone: '+5511987654321',
      dateOfBirth: '1990-02-03',
      email: 'ana@example.com',
      gender: 'FEMALE',
      isWhatsapp: true,
      zipCode: '01310-100',
      status: 'ACTIVE',
      country: 'BR',
    });
  });

  it('accepts a bare CPF, and one a spreadsheet kept as a number without its leading zero', () => {
    expect(checkImportRow({ firstName: 'A', lastName: 'B', cpf: '52998224725' }).values?.idNumber).toBe(
      '52998224725',
    );
    expect(checkImportRow({ firstName: 'A', lastName: 'B', cpf: '1234567890' }).issues).toEqual([]);
  });

  it('reports each failed check with the message of spec §8 and the cell', () => {
    expect(keysOf({ firstName: '', lastName: 'Souza' })).toEqual([`firstName:${IMPORT_ROW_KEYS.required}`]);
    expect(keysOf({ firstName: 'Ana', lastName: 'S', email: 'ana@' })).toEqual([
      `email:${IMPORT_ROW_KEYS.email}`,
    ]);
    expect(keysOf({ firstName: 'Ana', lastName: 'S', phone: '1234' })).toEqual([
      `phone:${IMPORT_ROW_KEYS.phone}`,
    ]);
    expect(keysOf({ firstName: 'Ana', lastName: 'S', dateOfBirth: '1990/31/12' })).toEqual([
      `dateOfBirth:${IMPORT_ROW_KEYS.date}`,
    ]);
    expect(keysOf({ firstName: 'Ana', lastName: 'S', cpf: '111.111.111-11' })).toEqual([
      `cpf:${IMPORT_ROW_KEYS.cpf}`,
    ]);
    const gender = checkImportRow({ firstName: 'Ana', lastName: 'S', gender: 'X' }).issues[0];
    expect(gender).toMatchObject({ field: 'gender', key: IMPORT_ROW_KEYS.option, value: 'X' });
    expect(gender?.params?.validValues).toBe('MALE, FEMALE, OTHER, PREFER_NOT_TO_SAY');
  });

  it("applies the customer form's other rules: CEP, future birth date, lengths", () => {
    expect(keysOf({ firstName: 'Ana', lastName: 'S', zipCode: '123' })).toEqual(['zipCode:validation.cep']);
    expect(keysOf({ firstName: 'Ana', lastName: 'S', dateOfBirth: '01/01/2999' })).toEqual([
      'dateOfBirth:validation.dateOfBirthFuture',
    ]);
    const long = checkImportRow({ firstName: 'A'.repeat(101), lastName: 'S' }).issues[0];
    expect(long).toMatchObject({ field: 'firstName', key: 'validation.max', params: { max: 100 } });
  });

  it('reports every problem of a row, once per field', () => {
    expect(keysOf({ firstName: '', lastName: '', email: 'x', cpf: '123' })).toEqual([
      `cpf:${IMPORT_ROW_KEYS.cpf}`,
      `firstName:${IMPORT_ROW_KEYS.required}`,
      `lastName:${IMPORT_ROW_KEYS.required}`,
      `email:${IMPORT_ROW_KEYS.email}`,
    ]);
  });
});
