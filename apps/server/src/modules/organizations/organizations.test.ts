import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/schema/index.ts';
import { createOrganization, createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { firstName: 'Olivia', lastName: 'Owner' });
});
afterAll(() => t.close());

describe('organizations', () => {
  it('creates an organization whose creator is its owner, listed under owned', async () => {
    const created = await t.request('POST', '/organizations', {
      token: owner.token,
      body: { name: 'Studio Alpha', description: 'Reformer and mat' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Studio Alpha',
      description: 'Reformer and mat',
      timeZone: 'America/Sao_Paulo',
    });

    const mine = await t.request('GET', '/organizations/me', { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.invited).toEqual([]);
    expect(mine.body.owned).toContainEqual(
      expect.objectContaining({
        id: created.body.id,
        role: 'ORG_OWNER',
        memberCount: 1,
        establishmentCount: 0,
      }),
    );
  });

  it('answers 401 without a bearer token and with a forged one', async () => {
    expect((await t.request('GET', '/organizations/me')).status).toBe(401);
    const forged = await t.request('GET', '/organizations/me', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' });
    expect(forged.status).toBe(401);
    expect(forged.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a missing name with the spec message and writes nothing', async () => {
    const before = await t.request('GET', '/organizations/me', { token: owner.token });
    const response = await t.request('POST', '/organizations', { token: owner.token, body: { name: '   ' } });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(response.body.error.details).toContainEqual({
      path: 'name',
      key: 'validation.organizationNameRequired',
      message: 'Organization name is required',
    });
    const after = await t.request('GET', '/organizations/me', { token: owner.token });
    expect(after.body.owned).toHaveLength(before.body.owned.length);
  });

  it('answers 400 for a body that is not JSON, not 500', async () => {
    const response = await t.request('POST', '/organizations', { token: owner.token, body: '{"name":' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('updates name and description for a member with MANAGE_SETTINGS', async () => {
    const organization = await createOrganization(t, owner);
    const response = await t.request('PUT', `/organizations/${organization.id}`, {
      token: owner.token,
      body: { name: 'Renamed Studio', description: 'New text' },
    });
    expect(response.status).toBe(200);
    const read = await t.request('GET', `/organizations/${organization.id}`, { token: owner.token });
    expect(read.body).toMatchObject({ name: 'Renamed Studio', description: 'New text', role: 'ORG_OWNER' });
  });

  it('refuses a member without MANAGE_SETTINGS with 403 and keeps the name', async () => {
    const organization = await createOrganization(t, owner, 'Viewer Studio');
    const viewer = await createUser(t);
    await t.db
      .insert(memberships)
      .values({ organizationId: organization.id, userId: viewer.id, role: 'ORG_VIEWER' });
    const response = await t.request('PUT', `/organizations/${organization.id}`, {
      token: viewer.token,
      body: { name: 'Hijacked' },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('FORBIDDEN');
    const read = await t.request('GET', `/organizations/${organization.id}`, { token: viewer.token });
    expect(read.body).toMatchObject({ name: 'Viewer Studio', role: 'ORG_VIEWER', memberCount: 2 });
    const list = await t.request('GET', '/organizations/me', { token: viewer.token });
    expect(list.body.invited.map((o: { id: string }) => o.id)).toEqual([organization.id]);
  });

  it('keeps the sole owner in, lets another member leave', async () => {
    const organization = await createOrganization(t, owner);
    const member = await createUser(t);
    await t.db
      .insert(memberships)
      .values({ organizationId: organization.id, userId: member.id, role: 'ORG_MANAGER' });

    const soleOwner = await t.request('DELETE', `/organizations/${organization.id}/leave`, {
      token: owner.token,
    });
    expect(soleOwner.status).toBe(409);
    expect(soleOwner.body.error.code).toBe('ORGANIZATION_SOLE_OWNER');

    const left = await t.request('DELETE', `/organizations/${organization.id}/leave`, {
      token: member.token,
    });
    expect(left.status).toBe(204);
    const after = await t.request('GET', `/organizations/${organization.id}`, { token: member.token });
    expect(after.status).toBe(404);
    const rows = await t.db.select().from(memberships).where(eq(memberships.organizationId, organization.id));
    expect(rows.map((row) => row.userId)).toEqual([owner.id]);
  });

  it('lets an owner leave when another owner remains', async () => {
    const organization = await createOrganization(t, owner);
    const coOwner = await createUser(t);
    await t.db
      .insert(memberships)
      .values({ organizationId: organization.id, userId: coOwner.id, role: 'ORG_OWNER' });
    const left = await t.request('DELETE', `/organizations/${organization.id}/leave`, {
      token: coOwner.token,
    });
    expect(left.status).toBe(204);
  });
});

describe('outsiders', () => {
  it('get 404 on every organization route, exactly as for an id that does not exist', async () => {
    const organization = await createOrganization(t, owner, 'Private Studio');
    const outsider = await createUser(t);
    const missing = '01932c3e-0000-7000-8000-000000000000';
    for (const id of [organization.id, missing, 'not-a-uuid']) {
      const calls = [
        t.request('GET', `/organizations/${id}`, { token: outsider.token }),
        t.request('PUT', `/organizations/${id}`, { token: outsider.token, body: { name: 'Mine now' } }),
        t.request('DELETE', `/organizations/${id}/leave`, { token: outsider.token }),
        t.request('GET', `/auth/profile/access?organizationId=${id}`, { token: outsider.token }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status).toBe(404);
        expect(response.body.error.code).toBe('ORGANIZATION_NOT_FOUND');
      }
    }
    const read = await t.request('GET', `/organizations/${organization.id}`, { token: owner.token });
    expect(read.body.name).toBe('Private Studio');
  });
});
