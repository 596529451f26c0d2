import { IMPORT_TEMPLATE_FIELDS, importFieldLabelKey } from '@reformer/domain/customer-import';
import { translate } from '@reformer/domain/i18n';
import ptBR from '@reformer/domain/i18n/pt_BR.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers } from '../../db/schema/index.ts';
import {
  addMember,
  createCustomer,
  createOrganization,
  createUser,
  type TestUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  for (const [firstName, lastName, extra] of [
    ['João', 'da Silva', { email: 'joao.silva@example.com', phone: '(11) 91234-5678' }],
    ['João', 'da Conceição', { idType: 'CPF', idNumber: '529.982.247-25' }],
    ['Joana', 'Prado', {}],
    ['Maria', 'Joaquina', {}],
    ['Ana', 'Beatriz', {}],
  ] as const) {
    await createCustomer(t, owner, organizationId, { firstName, lastName, ...extra });
  }
});
afterAll(() => t.close());

const path = (suffix = '') => `/organizations/${organizationId}/customers${suffix}`;
const names = (body: { items: { firstName: string; lastName: string }[] }) =>
  body.items.map((c) => `${c.firstName} ${c.lastName}`);

describe('customer search and paging', () => {
  it('ignores accents and case, and several words narrow', async () => {
    const joao = await t.request('GET', path('?search=joao'), { token: owner.token });
    expect(names(joao.body)).toEqual(['João da Conceição', 'João da Silva']);
    const narrowed = await t.request('GET', path('?search=JOAO%20conceicao'), { token: owner.token });
    expect(names(narrowed.body)).toEqual(['João da Conceição']);
    expect(narrowed.body.total).toBe(1);
  });

  it('matches part of the email, the phone digits and the id number', async () => {
    expect(names((await t.request('GET', path('?search=silva@'), { token: owner.token })).body)).toEqual([
      'João da Silva',
    ]);
    expect(names((await t.request('GET', path('?search=912345'), { token: owner.token })).body)).toEqual([
      'João da Silva',
    ]);
    expect(names((await t.request('GET', path('?search=52998224725'), { token: owner.token })).body)).toEqual(
      ['João da Conceição'],
    );
    expect((await t.request('GET', path('?search=%25'), { token: owner.token })).body.total).toBe(0);
  });

  it('finds a CPF and a phone written as the screens show them', async () => {
    const search = async (words: string) =>
      names(
        (await t.request('GET', path(`?search=${encodeURIComponent(words)}`), { token: owner.token })).body,
      );
    expect(await search('529.982.247-25')).toEqual(['João da Conceição']);
    expect(await search('(11) 91234-5678')).toEqual(['João da Silva']);
  });

  it('answers every search with its own organization, words, status and page when the same kind repeats', async () => {
    // Each kind of search (number of words, status or not) is prepared once and reused: nothing of one
    // request may stay in it for the next, and PostgreSQL switches prepared statements after five runs.
    const other = await createUser(t);
    const otherOrganizationId = (await createOrganization(t, other)).id;
    await createCustomer(t, other, otherOrganizationId, { firstName: 'João', lastName: 'Outro' });
    const search = async (token: string, organization: string, query: string) =>
      (await t.request('GET', `/organizations/${organization}/customers?${query}`, { token })).body;
    for (let round = 0; round < 4; round += 1) {
      expect(names(await search(owner.token, organizationId, 'search=joao'))).toEqual([
        'João da Conceição',
        'João da Silva',
      ]);
      expect(names(await search(other.token, otherOrganizationId, 'search=joao'))).toEqual(['João Outro']);
      expect(names(await search(owner.token, organizationId, 'search=ana'))).toEqual([
        'Ana Beatriz',
        'Joana Prado',
      ]);
      expect(names(await search(owner.token, organizationId, 'search=joa%20prado'))).toEqual(['Joana Prado']);
      expect(names(await search(owner.token, organizationId, 'search=joao&page=2&limit=1'))).toEqual([
        'João da Silva',
      ]);
      expect((await search(owner.token, organizationId, 'search=joao&status=INACTIVE')).total).toBe(0);
      expect((await search(owner.token, organizationId, 'search=joao&status=ACTIVE')).total).toBe(2);
    }
  });

  it('pages with defaults page 1, limit 10, and refuses out-of-range values', async () => {
    const first = await t.request('GET', path(), { token: owner.token });
    expect(first.body).toMatchObject({ page: 1, limit: 10, total: 5 });
    const second = await t.request('GET', path('?page=2&limit=2'), { token: owner.token });
    expect(names(second.body)).toEqual(['João da Conceição', 'João da Silva']);
    const beyond = await t.request('GET', path('?page=9&limit=2'), { token: owner.token });
    expect(beyond.body).toMatchObject({ items: [], total: 5 });
    for (const bad of ['?page=0', '?limit=101', '?limit=abc']) {
      expect((await t.request('GET', path(bad), { token: owner.token })).status).toBe(400);
    }
  });
});

describe('customer records', () => {
  it('creates with every field, reads and updates', async () => {
    const full = {
      firstName: 'Beatriz',
      lastName: 'Souza',
      dateOfBirth: '1990-05-17',
      gender: 'FEMALE',
      country: 'BR',
      idType: 'CPF',
      idNumber: '111.444.777-35',
      email: 'Bia@Example.com',
      phone: '(21) 98888-7777',
      isWhatsapp: true,
      address: 'Rua das Flores',
      number: '100',
      apartment: '12B',
      neighborhood: 'Copacabana',
      city: 'Rio de Janeiro',
      state: 'RJ',
      zipCode: '22070-011',
      profession: 'Designer',
      emergencyContactName: 'Carlos Souza',
      emergencyContactPhone: '(21) 97777-6666',
      notes: 'Lower back pain',
      status: 'PENDING',
    };
    const created = await createCustomer(t, owner, organizationId, full);
    const read = await t.request('GET', path(`/${created.id}`), { token: owner.token });
    expect(read.body).toMatchObject({
      ...full,
      email: 'bia@example.com',
      idNumber: '11144477735',
      phone: '+5521988887777',
      emergencyContactPhone: '+5521977776666',
    });
    const updated = await t.request('PUT', path(`/${created.id}`), {
      token: owner.token,
      body: { ...full, city: 'Niterói', status: 'ACTIVE' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ city: 'Niterói', status: 'ACTIVE' });
  });

  it('keeps CPF and email unique inside the organization only', async () => {
    const body = { firstName: 'Dup', lastName: 'One', idType: 'CPF', idNumber: '52998224725' };
    const duplicateCpf = await t.request('POST', path(), { token: owner.token, body });
    expect(duplicateCpf.status).toBe(409);
    expect(duplicateCpf.body.error.code).toBe('CUSTOMER_CPF_TAKEN');
    const duplicateEmail = await t.request('POST', path(), {
      token: owner.token,
      body: { firstName: 'Dup', lastName: 'Two', email: 'JOAO.SILVA@example.com' },
    });
    expect(duplicateEmail.status).toBe(409);
    expect(duplicateEmail.body.error.code).toBe('CUSTOMER_EMAIL_TAKEN');
    const other = await createUser(t);
    const otherOrg = await createOrganization(t, other);
    const elsewhere = await t.request('POST', `/organizations/${otherOrg.id}/customers`, {
      token: other.token,
      body,
    });
    expect(elsewhere.status).toBe(201);
  });

  it('refuses bad bodies with field errors and writes nothing', async () => {
    const before = (await t.db.select().from(customers)).length;
    const response = await t.request('POST', path(), {
      token: owner.token,
      body: {
        firstName: 'X',
        lastName: 'Y',
        idType: 'CPF',
        idNumber: '123',
        dateOfBirth: '2999-01-01',
        zipCode: '12',
      },
    });
    expect(response.status).toBe(400);
    const keys = response.body.error.details.map((d: { path: string; key: string }) => `${d.path}:${d.key}`);
    expect(keys.sort()).toEqual([
      'dateOfBirth:validation.dateOfBirthFuture',
      'idNumber:validation.cpf',
      'zipCode:validation.cep',
    ]);
    expect(response.body.error.details.find((d: { path: string }) => d.path === 'idNumber').message).toBe(
      'Please enter a valid CPF',
    );
    const foreign = await t.request('POST', path(), {
      token: owner.token,
      body: { firstName: 'X', lastName: 'Y', country: 'BR', idType: 'SSN', idNumber: '123-45-6789' },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details).toEqual([
      {
        path: 'idType',
        key: 'validation.idTypeCountry',
        message: 'This ID type is not used in the selected country',
      },
    ]);
    expect((await t.db.select().from(customers)).length).toBe(before);
  });

  it('deletes: gone from lists, record kept, CPF free again', async () => {
    const created = await createCustomer(t, owner, organizationId, {
      firstName: 'Temporário',
      lastName: 'Cliente',
      idType: 'CPF',
      idNumber: '390.533.447-05',
    });
    expect((await t.request('DELETE', path(`/${created.id}`), { token: owner.token })).status).toBe(204);
    expect((await t.request('GET', path('?search=temporario'), { token: owner.token })).body.total).toBe(0);
    expect((await t.request('GET', path(`/${created.id}`), { token: owner.token })).body.status).toBe(
      'DELETED',
    );
    await createCustomer(t, owner, organizationId, {
      firstName: 'Novo',
      lastName: 'Dono',
      idType: 'CPF',
      idNumber: '39053344705',
    });
  });

  it('purges personal data for a data-subject request and keeps an audit entry', async () => {
    const created = await createCustomer(t, owner, organizationId, {
      firstName: 'Privada',
      lastName: 'Pessoa',
      email: 'privada@example.com',
      phone: '(11) 95555-4444',
      notes: 'sensitive',
    });
    expect((await t.request('POST', path(`/${created.id}/purge`), { token: owner.token })).status).toBe(204);
    const read = await t.request('GET', path(`/${created.id}`), { token: owner.token });
    expect(read.body).toMatchObject({
      status: 'PURGED',
      firstName: '',
      lastName: '',
      email: null,
      phone: null,
      notes: null,
    });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'customer.purged')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: owner.id, entityType: 'customer', organizationId });
    const edit = await t.request('PUT', path(`/${created.id}`), {
      token: owner.token,
      body: { firstName: 'A', lastName: 'B' },
    });
    expect(edit.status).toBe(409);
  });

  it('exports the list as CSV with accents intact and formulas neutralized', async () => {
    await createCustomer(t, owner, organizationId, { firstName: '=HYPERLINK("x")', lastName: 'Attack' });
    const response = await t.request('GET', path('/export'), { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const lines = response.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(
      /^First name,Last name,Email,Phone,WhatsApp \(yes\/no\),Date of birth,Gender,CPF/,
    );
    expect(response.text).toContain('João,da Conceição');
    expect(response.text).toContain(`"'=HYPERLINK(""x"")",Attack`);
    expect(response.text).not.toContain('Temporário');
  });

  it('writes headers, values and dates in Portuguese, separated by ; for a Portuguese user', async () => {
    await createCustomer(t, owner, organizationId, {
      firstName: 'Helena',
      lastName: 'Exportada',
      gender: 'FEMALE',
      dateOfBirth: '1990-12-31',
      phone: '+5511987654321',
      isWhatsapp: true,
    });
    const english = await t.request('GET', path('/export?language=en_US'), { token: owner.token });
    expect(english.text).toMatch(/Helena,Exportada,,\(11\) 98765-4321,Yes,1990-12-31,Female,,/);
    const response = await t.request('GET', path('/export?language=pt_BR'), { token: owner.token });
    const lines = response.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(
      /^Nome;Sobrenome;E-mail;Telefone;WhatsApp \(sim\/não\);Data de nascimento;Gênero;CPF;/,
    );
    expect(lines[0]).toMatch(/;Situação;Cadastrado em$/);
    const helena = lines.find((line) => line.startsWith('Helena;'));
    expect(helena).toMatch(/^Helena;Exportada;;\(11\) 98765-4321;Sim;31\/12\/1990;Feminino;;/);
    expect(helena).toMatch(/;Ativo;\d{2}\/\d{2}\/\d{4}(,)? \d{2}:\d{2}$/);
    expect(response.text).not.toMatch(/FEMALE|ACTIVE/);
  });

  it("starts with the import template's columns and writes CPF and phones as text a spreadsheet keeps (issue #27)", async () => {
    await createCustomer(t, owner, organizationId, {
      firstName: 'Zélia',
      lastName: 'Planilha',
      idType: 'CPF',
      idNumber: '01234567890',
      phone: '+5519987654321',
      emergencyContactPhone: '+12125550100',
    });
    await createCustomer(t, owner, organizationId, {
      firstName: 'Yuri',
      lastName: 'Passaporte',
      idType: 'PASSPORT',
      idNumber: 'FX123456',
    });
    const response = await t.request('GET', path('/export?language=pt_BR'), { token: owner.token });
    const [header = '', ...rows] = response.text.replace(/^\uFEFF/, '').split('\r\n');
    const cellsOf = (name: string) => (rows.find((row) => row.startsWith(`${name};`)) ?? '').split(';');
    const columns = header.split(';');
    const template = IMPORT_TEMPLATE_FIELDS.map((field) => translate(ptBR, importFieldLabelKey(field)));
    expect(columns.slice(0, template.length)).toEqual(template);
    const cell = (name: string, column: string) => cellsOf(name)[columns.indexOf(column)];
    // 000.000.000-00 as elsewhere: bare digits are a number to Excel, which drops the leading zero.
    expect(cell('Zélia', 'CPF')).toBe('012.345.678-90');
    expect(cell('Zélia', 'Tipo de documento')).toBe('');
    expect(cell('Zélia', 'Número do documento')).toBe('');
    // Not a number to Excel (+5519… read as 5.5199E+12): the way Brazilians write it, a foreign one spaced.
    expect(cell('Zélia', 'Telefone')).toBe('(19) 98765-4321');
    expect(cell('Zélia', 'Telefone do contato de emergência')).toBe('+1 212 555 0100');
    expect([
      cell('Yuri', 'CPF'),
      cell('Yuri', 'Tipo de documento'),
      cell('Yuri', 'Número do documento'),
    ]).toEqual(['', 'Passaporte', 'FX123456']);
  });

  it('answers every export, and its refusals, with Cache-Control: no-store (issue #27)', async () => {
    const viewer = await addMember(t, owner, organizationId, { role: 'ORG_VIEWER' });
    const answers = [
      await t.request('GET', path('/export'), { token: owner.token }),
      await t.request('GET', path('/export'), { token: viewer.token }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 403]);
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('neutralizes a formula after any separator a spreadsheet may split on (, ; tab)', async () => {
    await createCustomer(t, owner, organizationId, {
      firstName: 'Split',
      lastName: 'Cells',
      notes: 'x;=1+1 and y,@SUM(A1) and z\t-2+3 and +5511912345678',
    });
    const response = await t.request('GET', path('/export'), { token: owner.token });
    expect(response.text).toContain("x;'=1+1 and y,'@SUM(A1) and z\t'-2+3 and +5511912345678");
  });
});

describe('customer permissions', () => {
  it('lets a viewer and a medical professional read but not write; an accountant sees nothing', async () => {
    const viewer = await addMember(t, owner, organizationId, { role: 'ORG_VIEWER' });
    const medical = await addMember(t, owner, organizationId, { role: 'ORG_MEDICAL_PROFESSIONAL' });
    const accountant = await addMember(t, owner, organizationId, { role: 'ORG_ACCOUNTANT' });
    const body = { firstName: 'No', lastName: 'Write' };
    for (const member of [viewer, medical]) {
      expect((await t.request('GET', path(), { token: member.token })).status).toBe(200);
      expect((await t.request('POST', path(), { token: member.token, body })).status).toBe(403);
      expect((await t.request('GET', path('/export'), { token: member.token })).status).toBe(403);
    }
    // The search reads while the access check runs: the refusal must replace what was read.
    const refused = await t.request('GET', path('?search=joao'), { token: accountant.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: expect.objectContaining({ code: 'FORBIDDEN' }) });
  });

  it('answers an outsider 404 with nothing read in it, even where a member would get a 400 or a page', async () => {
    const outsider = await createUser(t);
    for (const query of ['?search=joao', '?page=0', '?limit=abc', '']) {
      const response = await t.request('GET', path(query), { token: outsider.token });
      expect(response.status, query).toBe(404);
      expect(response.body).toEqual({ error: expect.objectContaining({ code: 'ORGANIZATION_NOT_FOUND' }) });
      expect(response.text).not.toContain('João');
    }
    expect((await t.request('GET', path('?page=0'), { token: owner.token })).status).toBe(400);
    const unknownOrganization = await t.request('GET', '/organizations/not-a-uuid/customers', {
      token: owner.token,
    });
    expect(unknownOrganization.status).toBe(404);
  });

  it('answers 404 to outsiders, for the list and for a real customer id', async () => {
    const outsider = await createUser(t);
    const someone = (await t.request('GET', path(), { token: owner.token })).body.items[0];
    for (const call of [
      t.request('GET', path(), { token: outsider.token }),
      t.request('GET', path(`/${someone.id}`), { token: outsider.token }),
      t.request('PUT', path(`/${someone.id}`), {
        token: outsider.token,
        body: { firstName: 'A', lastName: 'B' },
      }),
      t.request('DELETE', path(`/${someone.id}`), { token: outsider.token }),
      t.request('POST', path(`/${someone.id}/purge`), { token: outsider.token }),
      t.request('GET', path('/export'), { token: outsider.token }),
    ]) {
      expect((await call).status).toBe(404);
    }
    const ownOrg = await createOrganization(t, outsider);
    const crossed = await t.request('GET', `/organizations/${ownOrg.id}/customers/${someone.id}`, {
      token: outsider.token,
    });
    expect(crossed.status).toBe(404);
    expect(crossed.body.error.code).toBe('CUSTOMER_NOT_FOUND');
  });
});
