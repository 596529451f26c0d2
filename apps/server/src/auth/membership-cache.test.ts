import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { establishmentAssignments, memberships, users } from '../db/schema/index.ts';
import { createEstablishment, createOrganization, createUser, type TestUser } from '../test/factories.ts';
import { isMembershipStatement } from '../test/membership-statement.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { MembershipCache } from './membership-cache.ts';

/** The sign-in session a bearer token names (its `sid` claim, auth/auth.ts). */
const sessionIdOf = (user: TestUser) =>
  (JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * A GET under the organization and how many membership statements it sent: every statement of the process
 * passes through pg's Client#query (db/client.ts looks it up on each call), watched here, not replaced.
 */
async function getCounted(path: string, token: string) {
  const query = vi.spyOn(pg.Client.prototype, 'query');
  const response = await t.request('GET', path, { token });
  const statements = query.mock.calls.filter(([config]) => isMembershipStatement(config)).length;
  query.mockRestore();
  return { status: response.status, statements };
}

/**
 * Asked until an answer comes from the cache (no statement), or the test proves nothing. Not always the second:
 * an answer read while any change's notification arrives is not kept (the sign-up's, the organization's).
 */
async function warm(path: string, token: string) {
  await getCounted(path, token);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const again = await getCounted(path, token);
    if (again.statements === 0) return again.status;
  }
  throw new Error(`${path} was never answered from the cache`);
}

async function staffMember(organizationId: string, role: 'ORG_ADMINISTRATOR' | null) {
  const user = await createUser(t);
  await t.db.insert(memberships).values({ organizationId, userId: user.id, role });
  return user;
}

/**
 * A change written straight to the database (not through this process's routes, which forget it before
 * their commit) is heard by NOTIFY: a few milliseconds after its commit, not before the next request for
 * certain — the issue allows 1 s, which bench/two-instances.mjs holds; a loaded CI machine gets 5.
 */
const untilStatus = (path: string, token: string, status: number) =>
  expect
    .poll(async () => (await getCounted(path, token)).status, { timeout: 5000, interval: 10 })
    .toBe(status);

const ofMember = (organizationId: string, userId: string) =>
  and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId));

describe('the membership cache', () => {
  it('answers a repeated request without any membership statement', async () => {
    const organization = await createOrganization(t, owner);
    const path = `/organizations/${organization.id}/customers`;
    expect(await getCounted(path, owner.token)).toEqual({ status: 200, statements: 1 });
    expect(await warm(path, owner.token)).toBe(200);
    expect(await getCounted(path, owner.token)).toEqual({ status: 200, statements: 0 });
  });

  it('follows a role changed in the database once its NOTIFY is heard', async () => {
    const organization = await createOrganization(t, owner);
    const member = await staffMember(organization.id, null);
    const path = `/organizations/${organization.id}/customers`;
    expect(await warm(path, member.token)).toBe(403);
    await t.db
      .update(memberships)
      .set({ role: 'ORG_ADMINISTRATOR' })
      .where(ofMember(organization.id, member.id));
    await untilStatus(path, member.token, 200);
  });

  it('refuses a member removed in the database (404, as an outsider) once its NOTIFY is heard', async () => {
    const organization = await createOrganization(t, owner);
    const member = await staffMember(organization.id, 'ORG_ADMINISTRATOR');
    const path = `/organizations/${organization.id}/customers`;
    expect(await warm(path, member.token)).toBe(200);
    await t.db.delete(memberships).where(ofMember(organization.id, member.id));
    await untilStatus(path, member.token, 404);
  });

  it('follows an establishment assignment removed in the database once its NOTIFY is heard', async () => {
    const organization = await createOrganization(t, owner);
    const establishment = await createEstablishment(t, owner, organization.id);
    const member = await staffMember(organization.id, null);
    await t.db.insert(establishmentAssignments).values({
      organizationId: organization.id,
      establishmentId: establishment.id,
      userId: member.id,
      role: 'EST_RECEPTIONIST',
    });
    const path = `/organizations/${organization.id}/customers`;
    expect(await warm(path, member.token)).toBe(200);
    await t.db
      .delete(establishmentAssignments)
      .where(
        and(
          eq(establishmentAssignments.organizationId, organization.id),
          eq(establishmentAssignments.userId, member.id),
        ),
      );
    await untilStatus(path, member.token, 403);
  });

  it('refuses a signed-out token on the next request (401)', async () => {
    const member = await createUser(t);
    const organization = await createOrganization(t, member);
    const path = `/organizations/${organization.id}/customers`;
    expect(await warm(path, member.token)).toBe(200);
    const signOut = await t.request('POST', '/auth/sign-out', {
      headers: { cookie: member.cookie },
      body: {},
    });
    expect(signOut.status).toBe(200);
    expect((await getCounted(path, member.token)).status).toBe(401);
  });

  it('is forgotten in this process before a staff write or a sign-out commits, without waiting for NOTIFY', async () => {
    // A cache of this process that hears no NOTIFY: only the writes' own forgetting can empty it.
    const deaf = new MembershipCache();
    deaf.listening();
    try {
      const organization = await createOrganization(t, owner);
      const member = await staffMember(organization.id, 'ORG_ADMINISTRATOR');
      const caller = (user: TestUser) => ({ userId: user.id, sessionId: sessionIdOf(user) });
      const kept = (user: TestUser) => {
        deaf.store(deaf.epoch(), organization.id, caller(user), {
          sessionLive: true,
          sessionExpiresAt: Date.now() + 60_000,
          membership: { orgRole: 'ORG_ADMINISTRATOR', establishmentRoles: [] },
        });
        return () => deaf.lookup(organization.id, caller(user), Date.now());
      };

      const memberEntry = kept(member);
      expect(memberEntry()).toBeDefined();
      const changed = await t.request('PUT', `/organizations/${organization.id}/staff/${member.id}/role`, {
        token: owner.token,
        body: { role: 'ORG_VIEWER' },
      });
      expect(changed.status, changed.text).toBe(204);
      expect(memberEntry()).toBeUndefined();

      const removedEntry = kept(member);
      const removed = await t.request('DELETE', `/organizations/${organization.id}/staff/${member.id}`, {
        token: owner.token,
      });
      expect(removed.status, removed.text).toBe(204);
      expect(removedEntry()).toBeUndefined();

      const leaver = await createUser(t);
      const leaverEntry = kept(leaver);
      const signOut = await t.request('POST', '/auth/sign-out', {
        headers: { cookie: leaver.cookie },
        body: {},
      });
      expect(signOut.status).toBe(200);
      expect(leaverEntry()).toBeUndefined();
    } finally {
      deaf.lost();
    }
  });

  it("refuses a deleted user's token: the cascade to sessions and memberships notifies too", async () => {
    const organization = await createOrganization(t, owner);
    const member = await staffMember(organization.id, 'ORG_ADMINISTRATOR');
    const path = `/organizations/${organization.id}/customers`;
    expect(await warm(path, member.token)).toBe(200);
    await t.db.delete(users).where(eq(users.id, member.id));
    await untilStatus(path, member.token, 401);
  });

  it('empties itself and reads the database while its LISTEN connection is lost, then caches again', async () => {
    const organization = await createOrganization(t, owner);
    const path = `/organizations/${organization.id}/customers`;
    await warm(path, owner.token);
    const listener = t.membershipListener;
    const pid = listener.backendPid();
    expect(pid).not.toBeNull();
    await t.db.execute(sql`select pg_terminate_backend(${pid})`);
    await vi.waitFor(() => expect(listener.cache.isListening).toBe(false), { timeout: 5000, interval: 5 });
    expect(listener.cache.size).toEqual({ sessions: 0, memberships: 0 });
    // Until it is back, every request reads (the first retry comes 100 ms later).
    let uncached = 0;
    while (!listener.cache.isListening && uncached < 3) {
      const answer = await getCounted(path, owner.token);
      expect(answer).toEqual({ status: 200, statements: 1 });
      uncached += 1;
    }
    expect(uncached).toBeGreaterThan(0);
    await vi.waitFor(() => expect(listener.cache.isListening).toBe(true), { timeout: 10_000, interval: 20 });
    expect(listener.backendPid()).not.toBe(pid);
    expect(await warm(path, owner.token)).toBe(200);
    // And it hears changes again on the new connection.
    const member = await staffMember(organization.id, 'ORG_ADMINISTRATOR');
    expect(await warm(path, member.token)).toBe(200);
    await t.db.delete(memberships).where(ofMember(organization.id, member.id));
    await untilStatus(path, member.token, 404);
  });
});
