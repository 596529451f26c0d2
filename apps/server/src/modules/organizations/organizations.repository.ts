import type { OrgRole } from '@reformer/domain/permissions';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { forgetMembershipInProcess } from '../../auth/membership-cache.ts';
import type { Database, Transaction as Tx } from '../../db/client.ts';
import { establishments, memberships, organizations, scheduleSessions } from '../../db/schema/index.ts';

const memberCount = sql<number>`(select count(*)::int from ${memberships} m where m.organization_id = ${organizations.id})`;
const establishmentCount = sql<number>`(select count(*)::int from ${establishments} e where e.organization_id = ${organizations.id})`;

const summaryColumns = {
  id: organizations.id,
  name: organizations.name,
  description: organizations.description,
  timeZone: organizations.timeZone,
  createdAt: organizations.createdAt,
  role: memberships.role,
  memberCount,
  establishmentCount,
};

export async function listOrganizationsOfUser(db: Database, userId: string) {
  return db
    .select(summaryColumns)
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

export async function findOrganizationOfUser(db: Database, organizationId: string, userId: string) {
  const [row] = await db
    .select(summaryColumns)
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row ?? null;
}

export async function insertOrganizationWithOwner(
  db: Database,
  organization: { id: string; name: string; description: string; timeZone?: string | undefined },
  ownerId: string,
) {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(organizations).values(organization).returning();
    await tx
      .insert(memberships)
      .values({ organizationId: organization.id, userId: ownerId, role: 'ORG_OWNER' });
    return created;
  });
}

export async function updateOrganization(
  tx: Tx,
  organizationId: string,
  values: { name: string; description: string; timeZone: string },
  now: Date,
) {
  const [updated] = await tx
    .update(organizations)
    .set({ ...values, updatedAt: now })
    .where(eq(organizations.id, organizationId))
    .returning();
  return updated ?? null;
}

/** The zone before an update, with the row locked until the transaction ends. */
export async function lockTimeZoneForUpdate(tx: Tx, organizationId: string): Promise<string | null> {
  const [row] = await tx
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return row?.timeZone ?? null;
}

/** The local slots of the sessions that have not started. */
export async function listUpcomingSessionSlots(tx: Tx, organizationId: string, now: Date) {
  return tx
    .select({
      id: scheduleSessions.id,
      date: scheduleSessions.date,
      startTime: scheduleSessions.startTime,
      endTime: scheduleSessions.endTime,
    })
    .from(scheduleSessions)
    .where(and(eq(scheduleSessions.organizationId, organizationId), gt(scheduleSessions.startsAt, now)));
}

/** New instants for many sessions in one statement (three array parameters, whatever their length). */
export async function setSessionInstants(
  tx: Tx,
  organizationId: string,
  sessions: { id: string; startsAt: string; endsAt: string }[],
  now: Date,
) {
  if (sessions.length === 0) return;
  const column = <K extends keyof (typeof sessions)[number]>(key: K) =>
    sql.param(sessions.map((s) => s[key]));
  await tx.execute(sql`
    update ${scheduleSessions} as s
    set starts_at = v.starts_at, ends_at = v.ends_at, updated_at = ${now}
    from unnest(${column('id')}::uuid[], ${column('startsAt')}::timestamptz[], ${column('endsAt')}::timestamptz[])
      as v(id, starts_at, ends_at)
    where s.organization_id = ${organizationId} and s.id = v.id`);
}

/** Locks the organization row so two owners leaving at once cannot leave it without an owner. */
export async function lockOrganization(tx: Tx, organizationId: string): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
}

export async function countMembersWithRole(tx: Tx, organizationId: string, role: OrgRole): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, role)));
  return row?.count ?? 0;
}

export async function deleteMembership(tx: Tx, organizationId: string, userId: string): Promise<void> {
  forgetMembershipInProcess(organizationId, userId);
  await tx
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

export async function findMemberRole(
  tx: Tx,
  organizationId: string,
  userId: string,
): Promise<OrgRole | null> {
  const [row] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row?.role ?? null;
}
