import type { OrganizationInput } from '@reformer/domain/organizations';
import type { OrgRole } from '@reformer/domain/permissions';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { establishments, memberships, organizations } from '../../db/schema/index.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

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
  organization: { id: string; name: string; description: string },
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
  db: Database,
  organizationId: string,
  input: Required<OrganizationInput>,
  now: Date,
) {
  const [updated] = await db
    .update(organizations)
    .set({ name: input.name, description: input.description, updatedAt: now })
    .where(eq(organizations.id, organizationId))
    .returning();
  return updated ?? null;
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
