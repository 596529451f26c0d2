import { AppError, type ErrorCode } from '@reformer/domain/errors';
import {
  type AccessProfile,
  type Action,
  buildAccessProfile,
  can,
  canAny,
  type Membership,
  type PermissionCheck,
} from '@reformer/domain/permissions';
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Database } from '../db/client.ts';
import { preparedStatement } from '../db/prepared.ts';
import { organizationTransaction } from '../db/row-level-security.ts';
import { establishmentAssignments, memberships } from '../db/schema/index.ts';
import { type AppEnv, type OrgAccess, startTask } from '../lib/http.ts';
import { isUuid } from '../lib/uuid.ts';
import type { Caller, MembershipAnswer, MembershipCache } from './membership-cache.ts';
import { sessionExpiry } from './session-liveness.ts';

export { isUuid };

/** The membership read's prepared statement (tests tell it apart from a route's own). */
export const MEMBERSHIP_STATEMENT = 'load_membership';

/**
 * One statement that checks that the token's sign-in session is live and reads the caller's membership of the
 * organization (org role and establishment assignments), so routes under an organization pay no second query
 * for the session. Given the process's `cache` (auth/membership-cache.ts), a request whose session and
 * membership it holds issues no statement at all: the cache is kept only while its LISTEN connection hears
 * every committed change of sessions, memberships and assignments, so a removed member, a changed role or a
 * sign-out is still refused on the next request, on every instance, once the change's notification arrives
 * (milliseconds; bench/two-instances.mjs holds it under 1 s). Without a cache, or while it is bypassed, it is
 * read fresh on every request.
 */
export async function loadMembership(
  db: Database,
  organizationId: string,
  caller: Caller,
  cache?: MembershipCache,
): Promise<{ sessionLive: boolean; membership: Membership | null }> {
  // A malformed id cannot name an organization; the session is still checked.
  const isOrganizationId = isUuid(organizationId);
  const cached = isOrganizationId ? cache?.lookup(organizationId, caller, Date.now()) : undefined;
  if (cached) return cached;
  const epoch = cache?.epoch();
  const answer = await readMembership(db, isOrganizationId ? organizationId : null, caller);
  if (cache && epoch !== undefined && isOrganizationId) cache.store(epoch, organizationId, caller, answer);
  return answer;
}

async function readMembership(
  db: Database,
  organizationId: string | null,
  caller: Caller,
): Promise<MembershipAnswer> {
  const query = preparedStatement(db, MEMBERSHIP_STATEMENT, (name) =>
    db
      .select({
        sessionLive: sql<boolean>`coalesce(session_check.expires_at > now(), false)`,
        sessionExpiresAt: sql<number | null>`(extract(epoch from session_check.expires_at) * 1000)::float8`,
        role: memberships.role,
        isMember: sql<boolean>`${memberships.userId} is not null`,
        establishmentRoles: sql<Membership['establishmentRoles']>`coalesce(
          json_agg(json_build_object('establishmentId', ${establishmentAssignments.establishmentId}, 'role', ${establishmentAssignments.role}))
            filter (where ${establishmentAssignments.userId} is not null),
          '[]'::json)`,
      })
      .from(sql`(select ${sessionExpiry} as expires_at) as session_check`)
      .leftJoin(
        memberships,
        and(
          eq(memberships.organizationId, sql.placeholder('organizationId')),
          eq(memberships.userId, sql.placeholder('userId')),
        ),
      )
      .leftJoin(
        establishmentAssignments,
        and(
          eq(establishmentAssignments.organizationId, memberships.organizationId),
          eq(establishmentAssignments.userId, memberships.userId),
        ),
      )
      .groupBy(sql`session_check.expires_at`, memberships.role, memberships.userId)
      .prepare(name),
  );
  const [row] = await query.execute({
    organizationId: organizationId ?? '00000000-0000-0000-0000-000000000000',
    ...caller,
  });
  const sessionLive = row?.sessionLive === true;
  const membership =
    row?.isMember && organizationId
      ? { orgRole: row.role, establishmentRoles: row.establishmentRoles }
      : null;
  return { sessionLive, sessionExpiresAt: sessionLive ? (row?.sessionExpiresAt ?? null) : null, membership };
}

export async function loadOrgAccess(
  db: Database,
  organizationId: string,
  caller: Caller,
  cache?: MembershipCache,
): Promise<OrgAccess> {
  const { sessionLive, membership } = await loadMembership(db, organizationId, caller, cache);
  if (!sessionLive) throw new AppError('UNAUTHENTICATED');
  // Outsiders get the same answer as for an organization that does not exist.
  if (!membership) throw new AppError('ORGANIZATION_NOT_FOUND');
  return { organizationId, membership, profile: accessProfileOf(caller.userId, membership) };
}

/**
 * The cache hands the same membership object to every request of its member, so the profile built from it is
 * kept beside it (a few µs a request); a membership read from the database is a new object and builds anew.
 */
const profilesByMembership = new WeakMap<Membership, { userId: string; profile: AccessProfile }>();

function accessProfileOf(userId: string, membership: Membership): AccessProfile {
  const kept = profilesByMembership.get(membership);
  if (kept?.userId === userId) return kept.profile;
  const profile = buildAccessProfile(userId, membership);
  profilesByMembership.set(membership, { userId, profile });
  return profile;
}

const callerOf = (c: Context<AppEnv>) => ({ userId: c.get('userId'), sessionId: c.get('sessionId') });

const organizationIdOf = (c: Context<AppEnv>) => c.req.param('orgId') ?? c.req.param('organizationId') ?? '';

/** A request's refusal, after the answer was written: it rolls back whatever the request wrote. */
class RequestRefused extends Error {}

/**
 * The rest of the request in one transaction on the tenant pool that names the organization, so row-level
 * security answers only its rows (db/row-level-security.ts) whatever a query asks for. A route's error has
 * become its answer by the time `next()` returns (Hono's onError); it still rolls back what was written.
 *
 * The caller's membership is theirs, not the organization's data: unless the process's cache holds it, it is
 * read on the connecting user's pool while the transaction opens, so the two round trips overlap instead of
 * queueing on one connection (decision 018). `run` gets it as a promise and decides when the route may start.
 */
async function inOrganizationTransaction(
  c: Context<AppEnv>,
  run: (access: Promise<OrgAccess>) => Promise<void>,
): Promise<void> {
  const deps = c.get('deps');
  const organizationId = organizationIdOf(c);
  const cache = deps.membershipCache;
  const load = () => loadOrgAccess(deps.db, organizationId, callerOf(c), cache);
  // A cached answer is taken once the transaction is open, a round trip later: a change committed just
  // before this request has by then most likely been heard, and the entry it names dropped (then read).
  const isCached = cache?.lookup(organizationId, callerOf(c), Date.now()) !== undefined;
  const access = isCached ? null : load();
  // Awaited by `run` in every case; this only keeps a refusal that arrives first from being "unhandled".
  access?.catch(() => {});
  const tasks: AppEnv['Variables']['afterCommit'] = [];
  c.set('afterCommit', tasks);
  try {
    await organizationTransaction(deps.tenantDb, organizationId, async (tx) => {
      c.set('deps', { ...deps, db: tx });
      await run(access ?? load());
      if (c.error) throw new RequestRefused();
    });
  } catch (error) {
    tasks.length = 0;
    if (!(error instanceof RequestRefused)) throw error;
  } finally {
    c.set('deps', deps);
  }
  for (const task of tasks) startTask(deps, task);
}

/** For routes under /organizations/{orgId}: the caller's membership, or 404. */
export const requireMembership = createMiddleware<AppEnv>((c, next) =>
  inOrganizationTransaction(c, async (access) => {
    c.set('access', await access);
    await next();
  }),
);

/**
 * requireMembership + requireActionAnywhere for a hot read (the customer search, run as the user types):
 * the route's queries start while the membership is still being loaded instead of after it, which takes
 * a database round trip off the request. Whatever the route answers is replaced by the 404/403 of a failed
 * check, so nothing read leaves for a caller who may not see it.
 *
 * Only for GET routes that write nothing, as they run before the check has passed; anything else waits for
 * the check first. `c.get('access')` is set only after the route has run: the route takes the organization
 * from its path.
 */
export function requireActionAnywhereAlongsideRead(action: Action) {
  return createMiddleware<AppEnv>((c, next) =>
    inOrganizationTransaction(c, async (access) => {
      const checked = access.then((loaded) => {
        assertCanAnywhere(loaded, action);
        return loaded;
      });
      if (c.req.method !== 'GET') {
        c.set('access', await checked);
        await next();
        return;
      }
      checked.catch(() => {});
      try {
        await next();
      } finally {
        c.set('access', await checked);
      }
    }),
  );
}

/** Declared by each route: the action it needs; the membership must already be loaded. */
export function requirePermission(action: Action, check: PermissionCheck = { scope: 'ORG' }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    assertCan(c.get('access'), action, check);
    await next();
  });
}

/**
 * For actions held per establishment as well as organization-wide (view customers, staff): passes with
 * the action anywhere; the service then narrows what the member sees.
 */
export function requireActionAnywhere(action: Action) {
  return createMiddleware<AppEnv>(async (c, next) => {
    assertCanAnywhere(c.get('access'), action);
    await next();
  });
}

function assertCanAnywhere(access: OrgAccess, action: Action): void {
  if (!canAny(access.profile, action)) throw new AppError('FORBIDDEN');
}

export function assertCan(access: OrgAccess, action: Action, check: PermissionCheck): void {
  if (!can(access.profile, action, check)) throw new AppError('FORBIDDEN');
}

/**
 * For a record that belongs to an establishment (a schedule, a session): a member who may not see it there
 * gets `notFound`, as if it did not exist; one who sees it but holds none of `actions` there gets 403.
 */
export function assertCanAtEstablishment(
  access: OrgAccess,
  establishmentId: string,
  rule: { seeWith: readonly Action[]; actions: readonly Action[]; notFound: ErrorCode },
): void {
  const holds = (action: Action) => can(access.profile, action, { scope: 'ESTABLISHMENT', establishmentId });
  if (!rule.seeWith.some(holds)) throw new AppError(rule.notFound);
  if (!rule.actions.some(holds)) throw new AppError('FORBIDDEN');
}
