import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const staffPath = (userId = '') => `/organizations/${organizationId}/staff${userId ? `/${userId}` : ''}`;

describe('staff', () => {
  it('lists members with role, status, joined date and establishment roles', async () => {
    const a = await createEstablishment(t, owner, organizationId, 'Lista A');
    const instructor = await addMember(t, owner, organizationId, {
      role: 'ORG_MEDICAL_PROFESSIONAL',
      establishments: [{ establishmentId: a.id, role: 'EST_INSTRUCTOR' }],
    });
    const list = await t.request('GET', staffPath(), { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual({
      staffUserId: instructor.id,
      email: instructor.email,
      name: 'Ana Souza',
      role: 'ORG_MEDICAL_PROFESSIONAL',
      status: 'active',
      joinedAt: expect.any(String),
      establishments: [{ establishmentId: a.id, role: 'EST_INSTRUCTOR' }],
    });
  });

  it('changes a role with effect on the next request, and never below the last owner', async () => {
    const member = await addMember(t, owner, organizationId, { role: 'ORG_VIEWER' });
    const settings = () =>
      t.request('PUT', `/organizations/${organizationId}`, {
        token: member.token,
        body: { name: 'Studio X' },
      });
    expect((await settings()).status).toBe(403);
    const promoted = await t.request('PUT', `${staffPath(member.id)}/role`, {
      token: owner.token,
      body: { role: 'ORG_ADMINISTRATOR' },
    });
    expect(promoted.status).toBe(204);
    expect((await settings()).status).toBe(200);

    const demoteSoleOwner = await t.request('PUT', `${staffPath(owner.id)}/role`, {
      token: owner.token,
      body: { role: 'ORG_VIEWER' },
    });
    expect(demoteSoleOwner.status).toBe(409);
    expect(demoteSoleOwner.body.error.code).toBe('LAST_OWNER');
  });

  it('refuses escalation: an administrator cannot make owners nor touch an owner', async () => {
    const admin = await addMember(t, owner, organizationId, { role: 'ORG_ADMINISTRATOR' });
    const viewer = await addMember(t, owner, organizationId, { role: 'ORG_VIEWER' });
    const makeOwner = await t.request('PUT', `${staffPath(viewer.id)}/role`, {
      token: admin.token,
      body: { role: 'ORG_OWNER' },
    });
    expect(makeOwner.status).toBe(403);
    expect(makeOwner.body.error.code).toBe('ROLE_NOT_ALLOWED');
    const selfPromote = await t.request('PUT', `${staffPath(admin.id)}/role`, {
      token: admin.token,
      body: { role: 'ORG_OWNER' },
    });
    expect(selfPromote.status).toBe(403);
    const removeOwner = await t.request('DELETE', staffPath(owner.id), { token: admin.token });
    expect(removeOwner.status).toBe(403);
    const viewerActs = await t.request('PUT', `${staffPath(admin.id)}/role`, {
      token: viewer.token,
      body: { role: 'ORG_VIEWER' },
    });
    expect(viewerActs.status).toBe(403);
    const list = await t.request('GET', staffPath(), { token: owner.token });
    const roles = Object.fromEntries(
      list.body.map((m: { staffUserId: string; role: string }) => [m.staffUserId, m.role]),
    );
    expect(roles[admin.id]).toBe('ORG_ADMINISTRATOR');
    expect(roles[viewer.id]).toBe('ORG_VIEWER');
  });

  it('removes a member, whose next request answers 404; the last owner cannot be removed', async () => {
    const member = await addMember(t, owner, organizationId, { role: 'ORG_MANAGER' });
    expect((await t.request('GET', `/organizations/${organizationId}`, { token: member.token })).status).toBe(
      200,
    );
    expect((await t.request('DELETE', staffPath(member.id), { token: owner.token })).status).toBe(204);
    expect((await t.request('GET', `/organizations/${organizationId}`, { token: member.token })).status).toBe(
      404,
    );
    const last = await t.request('DELETE', staffPath(owner.id), { token: owner.token });
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe('LAST_OWNER');
  });

  it('lets an establishment manager assign roles in their establishment only', async () => {
    const a = await createEstablishment(t, owner, organizationId, 'Gerência A');
    const b = await createEstablishment(t, owner, organizationId, 'Gerência B');
    const manager = await addMember(t, owner, organizationId, {
      establishments: [{ establishmentId: a.id, role: 'EST_ESTABLISHMENT_MANAGER' }],
    });
    const staffer = await addMember(t, owner, organizationId, {
      establishments: [{ establishmentId: a.id, role: 'EST_ASSISTANT' }],
    });
    const path = `${staffPath(staffer.id)}/establishments`;
    const inA = await t.request('PUT', path, {
      token: manager.token,
      body: { establishments: [{ establishmentId: a.id, role: 'EST_RECEPTIONIST' }] },
    });
    expect(inA.status).toBe(204);
    const inB = await t.request('PUT', path, {
      token: manager.token,
      body: {
        establishments: [
          { establishmentId: a.id, role: 'EST_RECEPTIONIST' },
          { establishmentId: b.id, role: 'EST_VIEWER' },
        ],
      },
    });
    expect(inB.status).toBe(403);
    const visible = await t.request('GET', staffPath(), { token: manager.token });
    expect(visible.body.map((m: { staffUserId: string }) => m.staffUserId).sort()).toEqual(
      [manager.id, staffer.id].sort(),
    );
    const staffer2 = visible.body.find((m: { staffUserId: string }) => m.staffUserId === staffer.id);
    expect(staffer2.establishments).toEqual([{ establishmentId: a.id, role: 'EST_RECEPTIONIST' }]);
    const duplicate = await t.request('PUT', path, {
      token: owner.token,
      body: {
        establishments: [
          { establishmentId: a.id, role: 'EST_VIEWER' },
          { establishmentId: a.id, role: 'EST_ASSISTANT' },
        ],
      },
    });
    expect(duplicate.status).toBe(400);
  });

  it('hides staff routes from outsiders with 404 and from members without VIEW_STAFF with 403', async () => {
    const outsider = await createUser(t);
    const accountant = await addMember(t, owner, organizationId, { role: 'ORG_ACCOUNTANT' });
    expect((await t.request('GET', staffPath(), { token: outsider.token })).status).toBe(404);
    expect((await t.request('DELETE', staffPath(owner.id), { token: outsider.token })).status).toBe(404);
    expect((await t.request('GET', staffPath(), { token: accountant.token })).status).toBe(403);
    expect((await t.request('DELETE', staffPath('nobody'), { token: owner.token })).body.error.code).toBe(
      'STAFF_NOT_FOUND',
    );
  });
});
