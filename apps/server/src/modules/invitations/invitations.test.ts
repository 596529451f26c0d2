import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../../db/schema/index.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import {
  addMember,
  createEstablishment,
  createOrganization,
  createUser,
  type TestUser,
  tokenOf,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestUser;
let organizationId: string;
const sent: Mail[] = [];
const recordingMailer: Mailer = {
  isConfigured: true,
  send: async (mail) => {
    sent.push(mail);
  },
  health: async () => 'healthy',
};

beforeAll(async () => {
  t = await createTestApp({}, { mailer: recordingMailer });
  owner = await createUser(t);
  organizationId = (await createOrganization(t, owner, 'Studio Vida')).id;
});
afterAll(() => t.close());

const invite = (by: TestUser, body: object, orgId = organizationId) =>
  t.request('POST', `/organizations/${orgId}/staff/invite`, { token: by.token, body });

describe('invitation life cycle', () => {
  it('invites, mails the link, validates, and accepts into the right role', async () => {
    const invitee = await createUser(t, { email: 'Carla.Manager@Example.com' });
    const invited = await invite(owner, { email: 'carla.manager@example.com', role: 'ORG_MANAGER' });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ status: 'pending', role: 'ORG_MANAGER', emailSent: true });
    expect(invited.body.inviteUrl).toMatch(/^http:\/\/localhost:3000\/staff-invite\/[\w-]{43}$/);
    expect(sent.at(-1)?.to).toBe('carla.manager@example.com');
    expect(sent.at(-1)?.text).toContain(invited.body.inviteUrl);

    const token = tokenOf(invited.body.inviteUrl);
    const [stored] = await t.db.select().from(invitations).where(eq(invitations.id, invited.body.id));
    expect(JSON.stringify(stored)).not.toContain(token);

    const preview = await t.request('GET', `/invitations/validate/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ organizationName: 'Studio Vida', role: 'ORG_MANAGER' });

    const accepted = await t.request('POST', `/invitations/accept/${token}`, { token: invitee.token });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ organizationId, organizationName: 'Studio Vida', role: 'ORG_MANAGER' });
    const mine = await t.request('GET', '/organizations/me', { token: invitee.token });
    expect(mine.body.invited).toContainEqual(
      expect.objectContaining({ id: organizationId, role: 'ORG_MANAGER' }),
    );

    const reused = await t.request('POST', `/invitations/accept/${token}`, { token: invitee.token });
    expect(reused.status).toBe(404);
    expect(reused.body.error.code).toBe('INVITATION_INVALID');
    expect((await t.request('GET', `/invitations/validate/${token}`)).status).toBe(404);
  });

  it('answers a distinct code when signed in with another email, and keeps the invitation open', async () => {
    const invited = await invite(owner, { email: 'right@example.com', role: 'ORG_VIEWER' });
    const stranger = await createUser(t, { email: 'wrong@example.com' });
    const token = tokenOf(invited.body.inviteUrl);
    const response = await t.request('POST', `/invitations/accept/${token}`, { token: stranger.token });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('INVITATION_EMAIL_MISMATCH');
    expect((await t.request('GET', `/invitations/validate/${token}`)).status).toBe(200);
  });

  it('expires after the configured days (clock moved) and can be resent with a new link', async () => {
    const invited = await invite(owner, { email: 'late@example.com', role: 'ORG_VIEWER' });
    const oldToken = tokenOf(invited.body.inviteUrl);
    const start = new Date();
    t.setNow(new Date(start.getTime() + 7 * 24 * 3600 * 1000 + 1000));
    try {
      expect((await t.request('GET', `/invitations/validate/${oldToken}`)).body.error.code).toBe(
        'INVITATION_INVALID',
      );
      const expired = await t.request('GET', `/organizations/${organizationId}/invitations?status=expired`, {
        token: owner.token,
      });
      expect(expired.body.map((i: { id: string }) => i.id)).toContain(invited.body.id);
      expect(expired.body.find((i: { id: string }) => i.id === invited.body.id).inviteUrl).toBeNull();

      const resent = await t.request(
        'POST',
        `/organizations/${organizationId}/invitations/${invited.body.id}/resend`,
        {
          token: owner.token,
        },
      );
      expect(resent.status).toBe(200);
      expect(resent.body.status).toBe('pending');
      const newToken = tokenOf(resent.body.inviteUrl);
      expect(newToken).not.toBe(oldToken);
      expect((await t.request('GET', `/invitations/validate/${oldToken}`)).status).toBe(404);
      expect((await t.request('GET', `/invitations/validate/${newToken}`)).status).toBe(200);
    } finally {
      t.setNow(new Date());
    }
  });

  it('revokes a pending invitation; the link then fails and revoking twice is a 409', async () => {
    const invited = await invite(owner, { email: 'revoked@example.com', role: 'ORG_VIEWER' });
    const path = `/organizations/${organizationId}/invitations/${invited.body.id}`;
    expect((await t.request('DELETE', path, { token: owner.token })).status).toBe(204);
    expect((await t.request('GET', `/invitations/validate/${tokenOf(invited.body.inviteUrl)}`)).status).toBe(
      404,
    );
    const again = await t.request('DELETE', path, { token: owner.token });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('INVITATION_NOT_PENDING');
  });

  it('refuses a second pending invitation and inviting a member with 409s', async () => {
    await invite(owner, { email: 'twice@example.com', role: 'ORG_VIEWER' });
    const second = await invite(owner, { email: 'TWICE@example.com', role: 'ORG_MANAGER' });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('INVITATION_ALREADY_PENDING');
    const member = await invite(owner, { email: owner.email, role: 'ORG_VIEWER' });
    expect(member.status).toBe(409);
    expect(member.body.error.code).toBe('STAFF_ALREADY_MEMBER');
  });

  it('rejects bad input with field errors and writes nothing', async () => {
    const before = await t.db.select().from(invitations);
    const noRole = await invite(owner, { email: 'x@example.com' });
    expect(noRole.status).toBe(400);
    expect(noRole.body.error.details).toContainEqual(
      expect.objectContaining({ path: 'role', key: 'validation.roleRequired' }),
    );
    const badEmail = await invite(owner, { email: 'not-an-email', role: 'ORG_VIEWER' });
    expect(badEmail.body.error.details).toContainEqual(
      expect.objectContaining({ path: 'email', key: 'validation.email' }),
    );
    const badRole = await invite(owner, { email: 'y@example.com', role: 'ORG_KING' });
    expect(badRole.status).toBe(400);
    const foreignEstablishment = await invite(owner, {
      email: 'z@example.com',
      establishments: [{ establishmentId: '01932c3e-2222-7000-8000-000000000002', role: 'EST_INSTRUCTOR' }],
    });
    expect(foreignEstablishment.status).toBe(404);
    expect(await t.db.select().from(invitations)).toHaveLength(before.length);
  });

  it('assigns establishment roles on acceptance: an instructor of A sees A only', async () => {
    const a = await createEstablishment(t, owner, organizationId, 'Unidade A');
    await createEstablishment(t, owner, organizationId, 'Unidade B');
    const instructor = await addMember(t, owner, organizationId, {
      establishments: [{ establishmentId: a.id, role: 'EST_INSTRUCTOR' }],
    });
    const profile = await t.request('GET', `/auth/profile/access?organizationId=${organizationId}`, {
      token: instructor.token,
    });
    expect(profile.body.allowedEstablishmentIdsByAction.VIEW_SCHEDULES).toEqual([a.id]);
    const visible = await t.request('GET', `/organizations/${organizationId}/establishments`, {
      token: instructor.token,
    });
    expect(visible.body.map((e: { name: string }) => e.name)).toEqual(['Unidade A']);
  });
});

describe('who may invite', () => {
  it('refuses inviting above one’s own role and members without INVITE_STAFF', async () => {
    const manager = await addMember(t, owner, organizationId, { role: 'ORG_MANAGER' });
    const escalate = await invite(manager, { email: 'boss@example.com', role: 'ORG_OWNER' });
    expect(escalate.status).toBe(403);
    expect(escalate.body.error.code).toBe('ROLE_NOT_ALLOWED');
    const peer = await invite(manager, { email: 'peer@example.com', role: 'ORG_MANAGER' });
    expect(peer.status).toBe(201);

    const viewer = await addMember(t, owner, organizationId, { role: 'ORG_VIEWER' });
    const refused = await invite(viewer, { email: 'friend@example.com', role: 'ORG_VIEWER' });
    expect(refused.status).toBe(403);
    const list = await t.request('GET', `/organizations/${organizationId}/invitations`, {
      token: viewer.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.every((i: { inviteUrl: string | null }) => i.inviteUrl === null)).toBe(true);
  });

  it('hides every invitation route from outsiders with 404', async () => {
    const outsider = await createUser(t);
    const ownOrg = await createOrganization(t, outsider);
    const invited = await invite(owner, { email: 'private@example.com', role: 'ORG_VIEWER' });
    const calls = [
      invite(outsider, { email: 'x@example.com', role: 'ORG_VIEWER' }),
      t.request('GET', `/organizations/${organizationId}/invitations`, { token: outsider.token }),
      t.request('DELETE', `/organizations/${organizationId}/invitations/${invited.body.id}`, {
        token: outsider.token,
      }),
      t.request('POST', `/organizations/${organizationId}/invitations/${invited.body.id}/resend`, {
        token: outsider.token,
      }),
      t.request('DELETE', `/organizations/${ownOrg.id}/invitations/${invited.body.id}`, {
        token: outsider.token,
      }),
    ];
    const statuses = (await Promise.all(calls)).map((response) => response.status);
    expect(statuses).toEqual([404, 404, 404, 404, 404]);
  });
});
