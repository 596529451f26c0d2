import type { OrgRole } from '@reformer/domain/permissions';
import type { EstablishmentAssignment } from '@reformer/domain/staff';
import { and, asc, eq, sql } from 'drizzle-orm';
import { forgetMembershipInProcess } from '../../auth/membership-cache.ts';
import type { Database } from '../../db/client.ts';
import { establishmentAssignments, memberships, organizations, users } from '../../db/schema/index.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function listMembers(db: Database, organizationId: string) {
  return db
    .select({
      staffUserId: memberships.userId,
      email: users.email,
      name: users.name,
      role: memberships.role,
      joinedAt: memberships.joinedAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(users.name), asc(users.email));
}

export async function listAssignments(db: Database | Tx, organizationId: string, userId?: string) {
  const scope = eq(establishmentAssignments.organizationId, organizationId);
  return db
    .select({
      userId: establishmentAssignments.userId,
      establishmentId: establishmentAssignments.establishmentId,
      role: establishmentAssignments.role,
    })
    .from(establishmentAssignments)
    .where(userId ? and(scope, eq(establishmentAssignments.userId, userId)) : scope);
}

/** Locks the organization row: role changes and removals are serialized, so the last owner stays. */
export async function lockOrganization(tx: Tx, organizationId: string) {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
}

export async function findMemberRole(tx: Tx, organizationId: string, userId: string) {
  const [row] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row ?? null;
}

export async function countOwners(tx: Tx, organizationId: string) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'ORG_OWNER')));
  return row?.count ?? 0;
}

export async function setMemberRole(tx: Tx, organizationId: string, userId: string, role: OrgRole | null) {
  forgetMembershipInProcess(organizationId, userId);
  await tx
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

export async function deleteMember(tx: Tx, organizationId: string, userId: string) {
  forgetMembershipInProcess(organizationId, userId);
  await tx
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

export async function replaceAssignments(
  tx: Tx,
  organizationId: string,
  userId: string,
  assignments: EstablishmentAssignment[],
) {
  forgetMembershipInProcess(organizationId, userId);
  await tx
    .delete(establishmentAssignments)
    .where(
      and(
        eq(establishmentAssignments.organizationId, organizationId),
        eq(establishmentAssignments.userId, userId),
      ),
    );
  if (assignments.length === 0) return;
  await tx
    .insert(establishmentAssignments)
    .values(assignments.map((item) => ({ organizationId, userId, ...item })));
}
