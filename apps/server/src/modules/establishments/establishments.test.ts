import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishments } from '../../db/schema/index.ts';
import {
  addMember,
  createEstablishment,
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
});
afterAll(() => t.close());

const path = (id = '') => `/organizations/${organizationId}/establishments${id ? `/${id}` : ''}`;

describe('establishments', () => {
  it('creates with every field, lists by name, updates and deletes', async () => {
    const created = await t.request('POST', path(), {
      token: owner.token,
      body: {
        name: 'Zona Sul',
        description: 'Reformers',
        address: 'Rua A, 10',
        phone: '+55 11 99999-0000',
        email: 'sul@studio.com',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Zona Sul',
      address: 'Rua A, 10',
      phone: '+5511999990000',
      email: 'sul@studio.com',
    });
    await createEstablishment(t, owner, organizationId, 'Centro');
    const list = await t.request('GET', path(), { token: owner.token });
    expect(list.body.map((e: { name: string }) => e.name)).toEqual(['Centro', 'Zona Sul']);
    const updated = await t.request('PUT', path(created.body.id), {
      token: owner.token,
      body: { name: 'Zona Sul 2', email: '' },
    });
    expect(updated.body).toMatchObject({ name: 'Zona Sul 2', email: null, description: null });
    expect((await t.request('DELETE', path(created.body.id), { token: owner.token })).status).toBe(204);
    const after = await t.request('GET', path(), { token: owner.token });
    expect(after.body.map((e: { name: string }) => e.name)).toEqual(['Centro']);
  });

  it('validates with field errors and writes nothing', async () => {
    const before = (await t.db.select().from(establishments)).length;
    const response = await t.request('POST', path(), {
      token: owner.token,
      body: { name: '', email: 'nope', phone: 'abc' },
    });
    expect(response.status).toBe(400);
    const keys = response.body.error.details.map((d: { path: string; key: string }) => `${d.path}:${d.key}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'name:validation.establishmentNameRequired',
        'email:validation.email',
        'phone:validation.phone',
      ]),
    );
    expect((await t.db.select().from(establishments)).length).toBe(before);
  });

  it('refuses to delete an establishment that still has staff, with a clear code', async () => {
    const busy = await createEstablishment(t, owner, organizationId, 'Busy');
    await addMember(t, owner, organizationId, {
      establishments: [{ establishmentId: busy.id, role: 'EST_INSTRUCTOR' }],
    });
    const response = await t.request('DELETE', path(busy.id), { token: owner.token });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: 'ESTABLISHMENT_IN_USE',
      details: { staffAssignments: 1 },
    });
  });

  it('lets a viewer read but not write; outsiders get 404', async () => {
    const viewer = await addMember(t, owner, organizationId, { role: 'ORG_VIEWER' });
    const outsider = await createUser(t);
    const target = await createEstablishment(t, owner, organizationId, 'Protected');
    expect((await t.request('GET', path(), { token: viewer.token })).status).toBe(200);
    expect((await t.request('POST', path(), { token: viewer.token, body: { name: 'X' } })).status).toBe(403);
    expect((await t.request('DELETE', path(target.id), { token: viewer.token })).status).toBe(403);
    for (const call of [
      t.request('GET', path(), { token: outsider.token }),
      t.request('PUT', path(target.id), { token: outsider.token, body: { name: 'Mine' } }),
      t.request('DELETE', path(target.id), { token: outsider.token }),
    ]) {
      expect((await call).status).toBe(404);
    }
    const missing = await t.request('PUT', path('01932c3e-3333-7000-8000-000000000003'), {
      token: owner.token,
      body: { name: 'X' },
    });
    expect(missing.body.error.code).toBe('ESTABLISHMENT_NOT_FOUND');
  });
});
