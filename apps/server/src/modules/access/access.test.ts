import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishmentAssignments, establishments, memberships } from '../../db/schema/index.ts';
import { createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
});
afterAll(() => t.close());

describe('GET /auth/profile/access', () => {
  it('gives the owner every action for ALL establishments', async () => {
    const organization = await createOrganization(t, owner);
    const response = await t.request('GET', `/auth/profile/access?organizationId=${organization.id}`, {
      token: owner.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.grants).toHaveLength(32);
    expect(response.body.grants[0]).toEqual({
      action: 'VIEW_SETTINGS',
      scope: 'ORG',
      constraints: { ownOnly: false },
    });
    expect(response.body.allowedEstablishmentIdsByAction.DELETE_ORGANIZATION).toBe('ALL');
  });

  it('follows role changes and removal on the very next request', async () => {
    const organization = await createOrganization(t, owner);
    const establishmentId = '01932c3e-1111-7000-8000-000000000001';
    await t.db
      .insert(establishments)
      .values({ organizationId: organization.id, id: establishmentId, name: 'Centro' });
    const instructor = await createUser(t);
    await t.db
      .insert(memberships)
      .values({ organizationId: organization.id, userId: instructor.id, role: null });
    await t.db.insert(establishmentAssignments).values({
      organizationId: organization.id,
      establishmentId,
      userId: instructor.id,
      role: 'EST_INSTRUCTOR',
    });
    const path = `/auth/profile/access?organizationId=${organization.id}`;

    const asInstructor = await t.request('GET', path, { token: instructor.token });
    expect(asInstructor.body.allowedEstablishmentIdsByAction.VIEW_SCHEDULES).toEqual([establishmentId]);
    expect(
      asInstructor.body.grants.every((grant: { scope: string }) => grant.scope === 'ESTABLISHMENT'),
    ).toBe(true);
    const settings = await t.request('PUT', `/organizations/${organization.id}`, {
      token: instructor.token,
      body: { name: 'Nope' },
    });
    expect(settings.status).toBe(403);

    // Through the staff routes, as an owner does: this process forgets the cached membership before the
    // change commits (auth/membership-cache.ts), so the very next request sees it.
    const promote = await t.request('PUT', `/organizations/${organization.id}/staff/${instructor.id}/role`, {
      token: owner.token,
      body: { role: 'ORG_ADMINISTRATOR' },
    });
    expect(promote.status, promote.text).toBe(204);
    const promoted = await t.request('GET', path, { token: instructor.token });
    expect(promoted.body.allowedEstablishmentIdsByAction.VIEW_SCHEDULES).toBe('ALL');
    const renamed = await t.request('PUT', `/organizations/${organization.id}`, {
      token: instructor.token,
      body: { name: 'Allowed now' },
    });
    expect(renamed.status).toBe(200);

    const removed = await t.request('DELETE', `/organizations/${organization.id}/staff/${instructor.id}`, {
      token: owner.token,
    });
    expect(removed.status, removed.text).toBe(204);
    expect((await t.request('GET', path, { token: instructor.token })).status).toBe(404);
    expect(
      (await t.request('GET', `/organizations/${organization.id}`, { token: instructor.token })).status,
    ).toBe(404);
  });

  it('requires organizationId', async () => {
    const response = await t.request('GET', '/auth/profile/access', { token: owner.token });
    expect(response.status).toBe(400);
    expect(response.body.error.details[0]).toMatchObject({
      path: 'organizationId',
      key: 'validation.required',
    });
  });
});
