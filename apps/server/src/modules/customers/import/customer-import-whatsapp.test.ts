import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, whatsappConsents } from '../../../db/schema/index.ts';
import { createOrganization, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The import's WhatsApp opt-in column (decision 053): recognised by its Portuguese and English headers, read
 * as the yes/no cells are, written beside each imported customer with source IMPORT and the import's time.
 */

const NOW = new Date('2027-03-01T12:00:00Z');
let t: TestApp;
let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
});
afterAll(() => t.close());

async function send(step: '/analyze' | '', lines: string[], mapping?: unknown) {
  const form = new FormData();
  form.append('file', new File([`${lines.join('\r\n')}\r\n`], 'clientes.csv', { type: 'text/csv' }));
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('skipInvalid', 'true');
  const response = await t.app.request(`/api/organizations/${organizationId}/customers/import${step}`, {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', authorization: `Bearer ${owner.token}` },
    body: form,
  });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

async function answersByName() {
  const rows = await t.db
    .select({
      firstName: customers.firstName,
      isOptedIn: whatsappConsents.isOptedIn,
      source: whatsappConsents.source,
      changedAt: whatsappConsents.changedAt,
    })
    .from(customers)
    .leftJoin(whatsappConsents, eq(whatsappConsents.customerId, customers.id))
    .where(eq(customers.organizationId, organizationId));
  return Object.fromEntries(rows.map(({ firstName, ...answer }) => [firstName, answer]));
}

describe('the WhatsApp opt-in column of the import', () => {
  it('is suggested from Portuguese and English headers, apart from "has WhatsApp"', async () => {
    const portuguese = await send('/analyze', [
      'Nome;Sobrenome;WhatsApp;Aceita mensagens no WhatsApp',
      'Ana;Souza;Sim;Sim',
    ]);
    expect(portuguese.body.suggestedMapping).toEqual([
      'firstName',
      'lastName',
      'isWhatsapp',
      'whatsappOptIn',
    ]);
    const english = await send('/analyze', ['First name,Last name,WhatsApp opt-in', 'Ana,Souza,yes']);
    expect(english.body.suggestedMapping).toEqual(['firstName', 'lastName', 'whatsappOptIn']);
  });

  it('writes each answer with source IMPORT; an empty cell answers nothing; an unknown word is the row’s issue', async () => {
    const mapping = ['firstName', 'lastName', 'phone', 'whatsappOptIn'];
    const imported = await send(
      '',
      [
        'Nome;Sobrenome;Celular;Aceita WhatsApp',
        'Ana;Souza;(11) 98765-4321;Sim',
        'Bia;Lima;(11) 97777-6666;Não',
        'Caio;Reis;(11) 96666-5555;',
        'Duda;Melo;(11) 95555-4444;talvez',
      ],
      mapping,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ imported: 3, errors: 1 });
    expect(imported.body.errorList).toMatchObject([
      { row: 5, field: 'whatsappOptIn', key: 'import.rowErrors.option', value: 'talvez' },
    ]);
    const answers = await answersByName();
    expect(answers).toEqual({
      Ana: { isOptedIn: true, source: 'IMPORT', changedAt: NOW },
      Bia: { isOptedIn: false, source: 'IMPORT', changedAt: NOW },
      Caio: { isOptedIn: null, source: null, changedAt: null },
    });
  });
});
