import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPlans } from '../../db/schema/index.ts';
import { addMember, createOrganization, createUser, type TestUser } from '../../test/factories.ts';
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

const path = (suffix = '') => `/organizations/${organizationId}/customer-plans${suffix}`;
const plan = {
  name: 'Mensal 2x',
  description: 'Duas aulas por semana',
  priceCents: 24990,
  currency: 'BRL',
  billingCycle: 'MONTHLY',
  features: ['Reformer', 'Mat'],
  weeklySessionsLimit: 2,
};

describe('customer plans', () => {
  it('creates, lists, edits, deactivates, activates and deletes a plan', async () => {
    const created = await t.request('POST', path(), { token: owner.token, body: plan });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...plan, isActive: true, renewsAutomatically: true });
    const id = created.body.id;
    const edited = await t.request('PUT', path(`/${id}`), {
      token: owner.token,
      body: {
        ...plan,
        name: 'Trimestral',
        billingCycle: 'QUARTERLY',
        priceCents: 69900,
        weeklySessionsLimit: null,
      },
    });
    // A plan that does not say follows its cycle: a quarterly plan is a fixed term.
    expect(edited.body).toMatchObject({
      name: 'Trimestral',
      billingCycle: 'QUARTERLY',
      priceCents: 69900,
      weeklySessionsLimit: null,
      renewsAutomatically: false,
    });
    const off = await t.request('PUT', path(`/${id}/active`), {
      token: owner.token,
      body: { isActive: false },
    });
    expect(off.body.isActive).toBe(false);
    const list = await t.request('GET', path(), { token: owner.token });
    expect(list.body).toContainEqual(expect.objectContaining({ id, isActive: false }));
    const on = await t.request('PUT', path(`/${id}/active`), {
      token: owner.token,
      body: { isActive: true },
    });
    expect(on.body.isActive).toBe(true);
    expect((await t.request('DELETE', path(`/${id}`), { token: owner.token })).status).toBe(204);
    expect((await t.request('DELETE', path(`/${id}`), { token: owner.token })).body.error.code).toBe(
      'PLAN_NOT_FOUND',
    );
  });

  it('keeps the renewal a plan chooses against its cycle’s default', async () => {
    const fixed = await t.request('POST', path(), {
      token: owner.token,
      body: { ...plan, renewsAutomatically: false },
    });
    expect(fixed.body.renewsAutomatically).toBe(false);
    const annual = await t.request('PUT', path(`/${fixed.body.id}`), {
      token: owner.token,
      body: { ...plan, billingCycle: 'ANNUALLY', renewsAutomatically: true },
    });
    expect(annual.body).toMatchObject({ billingCycle: 'ANNUALLY', renewsAutomatically: true });
    const wrong = await t.request('POST', path(), {
      token: owner.token,
      body: { ...plan, renewsAutomatically: 'yes' },
    });
    expect(wrong.status).toBe(400);
  });

  it('validates with the spec rules and writes nothing', async () => {
    const before = (await t.db.select().from(customerPlans)).length;
    const response = await t.request('POST', path(), {
      token: owner.token,
      body: { ...plan, name: '', features: [], weeklySessionsLimit: 25, priceCents: 10.5, currency: 'EUR' },
    });
    expect(response.status).toBe(400);
    const fields = response.body.error.details.map((d: { path: string }) => d.path).sort();
    expect(fields).toEqual(['currency', 'features', 'name', 'priceCents', 'weeklySessionsLimit']);
    expect((await t.db.select().from(customerPlans)).length).toBe(before);
  });

  it('follows the permission table: viewers read, medical professionals and outsiders do not', async () => {
    const viewer = await addMember(t, owner, organizationId, { role: 'ORG_VIEWER' });
    const medical = await addMember(t, owner, organizationId, { role: 'ORG_MEDICAL_PROFESSIONAL' });
    const outsider = await createUser(t);
    expect((await t.request('GET', path(), { token: viewer.token })).status).toBe(200);
    expect((await t.request('POST', path(), { token: viewer.token, body: plan })).status).toBe(403);
    expect((await t.request('GET', path(), { token: medical.token })).status).toBe(403);
    expect((await t.request('POST', path(), { token: medical.token, body: plan })).status).toBe(403);
    const created = await t.request('POST', path(), { token: owner.token, body: plan });
    for (const call of [
      t.request('GET', path(), { token: outsider.token }),
      t.request('PUT', path(`/${created.body.id}`), { token: outsider.token, body: plan }),
      t.request('DELETE', path(`/${created.body.id}`), { token: outsider.token }),
    ]) {
      expect((await call).status).toBe(404);
    }
  });
});
