import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../../db/schema/index.ts';
import { createCustomer, createOrganization, createUser, type TestUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let sourceId: string;

/** Days and months both ≤ 12 where a swap would go unnoticed; no date at all; the last day of a month. */
const ORIGINALS = [
  { firstName: 'Ana', lastName: 'Ida', dateOfBirth: '1990-02-03', idType: 'CPF', idNumber: '11144477735' },
  { firstName: 'Bruno', lastName: 'Volta', dateOfBirth: '2001-12-01', email: 'bruno@example.com' },
  { firstName: 'Carla', lastName: 'Semdata', gender: 'FEMALE', phone: '+5511987654321', isWhatsapp: true },
  { firstName: 'Davi', lastName: 'Fimdemes', dateOfBirth: '1985-07-31' },
];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  sourceId = (await createOrganization(t, owner)).id;
  for (const customer of ORIGINALS) await createCustomer(t, owner, sourceId, customer);
});
afterAll(() => t.close());

async function importInto(organizationId: string, file: File, step: '/analyze' | '', mapping?: unknown) {
  const form = new FormData();
  form.append('file', file);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  const response = await t.app.request(`/api/organizations/${organizationId}/customers/import${step}`, {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', authorization: `Bearer ${owner.token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function datesOfBirth(organizationId: string) {
  const rows = await t.db
    .select({ firstName: customers.firstName, dateOfBirth: customers.dateOfBirth })
    .from(customers)
    .where(eq(customers.organizationId, organizationId))
    .orderBy(asc(customers.firstName));
  return rows.map((row) => [row.firstName, row.dateOfBirth]);
}

describe('an export imported back', () => {
  for (const language of ['en_US', 'pt_BR'] as const) {
    it(`keeps every date of birth, exported in ${language}`, async () => {
      const exported = await t.request(
        'GET',
        `/organizations/${sourceId}/customers/export?language=${language}`,
        {
          token: owner.token,
        },
      );
      expect(exported.status).toBe(200);
      const file = new File([exported.text], 'customers.csv', { type: 'text/csv' });
      const targetId = (await createOrganization(t, owner)).id;
      const analyzed = await importInto(targetId, file, '/analyze');
      expect(analyzed.status, JSON.stringify(analyzed.body)).toBe(200);
      const imported = await importInto(targetId, file, '', analyzed.body.suggestedMapping);
      expect(imported.body).toMatchObject({ outcome: 'success', imported: ORIGINALS.length, errors: 0 });
      expect(await datesOfBirth(targetId)).toEqual(await datesOfBirth(sourceId));
      expect(await datesOfBirth(targetId)).toContainEqual(['Ana', '1990-02-03']);
    });
  }
});
