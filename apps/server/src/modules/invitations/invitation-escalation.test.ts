import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createEstablishment,
  createOrganization,
  createUser,
  type TestUser,
  tokenOf,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Regression tests for escalation paths found in review: an invitation link is a grant of its roles. */
let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner)).id;
  admin = await addMember(t, owner, organizationId, { role: 'ORG_ADMINISTRATOR' });
});
afterAll(() => t.close());

const path = (suffix = '') => `/organizations/${organizationId}/invitations${suffix}`;

describe('invitation links and roles above one’s own', () => {
  it('hides the link of an owner invitation from an administrator, and refuses them resend and revoke', async () => {
    const invited = await t.request('POST', `/organizations/${organizationId}/staff/invite`, {
      token: owner.token,
      body: { email: 'partner@example.com', role: 'ORG_OWNER' },
    });
    const asAdmin = await t.request('GET', path(), { token: admin.token });
    const seen = asAdmin.body.find((invitation: { id: string }) => invitation.id === invited.body.id);
    expect(seen.inviteUrl).toBeNull();
    const resend = await t.request('POST', path(`/${invited.body.id}/resend`), { token: admin.token });
    expect(resend.status).toBe(403);
    expect(resend.body.error.code).toBe('ROLE_NOT_ALLOWED');
    const revoke = await t.request('DELETE', path(`/${invited.body.id}`), { token: admin.token });
    expect(revoke.status).toBe(403);
    const asOwner = await t.request('GET', path(), { token: owner.token });
    expect(
      asOwner.body.find((invitation: { id: string }) => invitation.id === invited.body.id).inviteUrl,
    ).toMatch(/staff-invite/);
  });

  it('keeps an establishment manager off the establishment roles of an owner', async () => {
    const establishment = await createEstablishment(t, owner, organizationId, 'Escalation Studio');
    const manager = await addMember(t, owner, organizationId, {
      establishments: [{ establishmentId: establishment.id, role: 'EST_ESTABLISHMENT_MANAGER' }],
    });
    const response = await t.request(
      'PUT',
      `/organizations/${organizationId}/staff/${owner.id}/establishments`,
      {
        token: manager.token,
        body: { establishments: [{ establishmentId: establishment.id, role: 'EST_VIEWER' }] },
      },
    );
    expect(response.status).toBe(403);
  });

  it('grants establishment roles whatever the case of the establishment id', async () => {
    const establishment = await createEstablishment(t, owner, organizationId, 'Upper Case Studio');
    const invitee = await createUser(t);
    const invited = await t.request('POST', `/organizations/${organizationId}/staff/invite`, {
      token: owner.token,
      body: {
        email: invitee.email,
        establishments: [{ establishmentId: establishment.id.toUpperCase(), role: 'EST_INSTRUCTOR' }],
      },
    });
    expect(invited.status).toBe(201);
    await t.request('POST', `/invitations/accept/${tokenOf(invited.body.inviteUrl)}`, {
      token: invitee.token,
    });
    const profile = await t.request('GET', `/auth/profile/access?organizationId=${organizationId}`, {
      token: invitee.token,
    });
    expect(profile.body.allowedEstablishmentIdsByAction.VIEW_SCHEDULES).toEqual([establishment.id]);
  });

  it('does not let a member rename themselves through better-auth, bypassing validation', async () => {
    const response = await t.request('POST', '/auth/update-user', {
      headers: { cookie: admin.cookie },
      body: { firstName: '', name: 'The Owner' },
    });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });
});

describe('input PostgreSQL cannot store', () => {
  it('answers 400, not 500, for a NUL byte in text and an impossible date, and writes nothing', async () => {
    const nul = await t.request('POST', `/organizations/${organizationId}/customers`, {
      token: owner.token,
      body: { firstName: 'Ana\u0000', lastName: 'Souza' },
    });
    expect(nul.status).toBe(400);
    const search = await t.request('GET', `/organizations/${organizationId}/customers?search=%00`, {
      token: owner.token,
    });
    expect(search.status).toBe(400);
    const date = await t.request('POST', `/organizations/${organizationId}/customers`, {
      token: owner.token,
      body: { firstName: 'Ana', lastName: 'Souza', dateOfBirth: '2023-02-30' },
    });
    expect(date.status).toBe(400);
    expect(date.body.error.details).toEqual([
      { path: 'dateOfBirth', key: 'validation.date', message: 'Please enter a valid date' },
    ]);
    const list = await t.request('GET', `/organizations/${organizationId}/customers`, { token: owner.token });
    expect(list.body.total).toBe(0);
  });
});
