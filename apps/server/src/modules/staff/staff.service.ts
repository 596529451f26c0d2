import { AppError } from '@reformer/domain/errors';
import {
  allowedEstablishments,
  can,
  canActOnMember,
  canAssignOrgRole,
  type OrgRole,
} from '@reformer/domain/permissions';
import type { EstablishmentAssignment, StaffMember } from '@reformer/domain/staff';
import type { Database } from '../../db/client.ts';
import type { OrgAccess } from '../../lib/http.ts';
import { assertEstablishmentsExist } from '../establishments/establishments.service.ts';
import * as repository from './staff.repository.ts';

/** Org-wide viewers see everyone; an establishment manager sees the staff of their establishments. */
export async function listStaff(db: Database, access: OrgAccess): Promise<StaffMember[]> {
  const [members, assignments] = await Promise.all([
    repository.listMembers(db, access.organizationId),
    repository.listAssignments(db, access.organizationId),
  ]);
  const visible = allowedEstablishments(access.profile, 'VIEW_STAFF');
  const staff = members.map((member) => ({
    staffUserId: member.staffUserId,
    email: member.email,
    name: member.name,
    role: member.role,
    status: 'active' as const,
    joinedAt: member.joinedAt.toISOString(),
    establishments: assignments
      .filter((assignment) => assignment.userId === member.staffUserId)
      .map(({ establishmentId, role }) => ({ establishmentId, role })),
  }));
  if (visible === 'ALL') return staff;
  return staff.filter((member) => member.establishments.some((a) => visible.includes(a.establishmentId)));
}

/**
 * Nobody grants a role above their own or acts on someone ranked above them, and an organization always
 * keeps an owner.
 */
export async function changeRole(db: Database, access: OrgAccess, targetUserId: string, role: OrgRole) {
  await db.transaction(async (tx) => {
    const target = await lockAndFindTarget(tx, access, targetUserId);
    if (!canAssignOrgRole(access.membership.orgRole, role)) throw new AppError('ROLE_NOT_ALLOWED');
    assertOutranks(access, target.role);
    if (target.role === 'ORG_OWNER' && role !== 'ORG_OWNER')
      await assertAnotherOwner(tx, access.organizationId);
    await repository.setMemberRole(tx, access.organizationId, targetUserId, role);
  });
}

export async function removeMember(db: Database, access: OrgAccess, targetUserId: string) {
  await db.transaction(async (tx) => {
    const target = await lockAndFindTarget(tx, access, targetUserId);
    assertOutranks(access, target.role);
    if (target.role === 'ORG_OWNER') await assertAnotherOwner(tx, access.organizationId);
    await repository.deleteMember(tx, access.organizationId, targetUserId);
  });
}

/**
 * Replaces a member's establishment roles. Every establishment whose assignment changes must be one the
 * actor manages staff for (all of them for organization managers).
 */
export async function setAssignments(
  db: Database,
  access: OrgAccess,
  targetUserId: string,
  next: EstablishmentAssignment[],
) {
  await assertEstablishmentsExist(db, access.organizationId, next);
  await db.transaction(async (tx) => {
    const target = await lockAndFindTarget(tx, access, targetUserId);
    assertOutranks(access, target.role);
    const current = await repository.listAssignments(tx, access.organizationId, targetUserId);
    const key = (a: { establishmentId: string; role: string }) => `${a.establishmentId}:${a.role}`;
    const before = new Set(current.map(key));
    const after = new Set(next.map(key));
    const touched = [
      ...current.filter((a) => !after.has(key(a))),
      ...next.filter((a) => !before.has(key(a))),
    ].map((a) => a.establishmentId);
    for (const establishmentId of new Set(touched)) {
      if (!can(access.profile, 'MANAGE_STAFF', { scope: 'ESTABLISHMENT', establishmentId })) {
        throw new AppError('ROLE_NOT_ALLOWED');
      }
    }
    await repository.replaceAssignments(tx, access.organizationId, targetUserId, next);
  });
}

async function lockAndFindTarget(tx: repository.Tx, access: OrgAccess, targetUserId: string) {
  await repository.lockOrganization(tx, access.organizationId);
  const target = await repository.findMemberRole(tx, access.organizationId, targetUserId);
  if (!target) throw new AppError('STAFF_NOT_FOUND');
  return target;
}

function assertOutranks(access: OrgAccess, targetRole: OrgRole | null) {
  if (!canActOnMember(access.membership.orgRole, targetRole)) throw new AppError('ROLE_NOT_ALLOWED');
}

async function assertAnotherOwner(tx: repository.Tx, organizationId: string) {
  if ((await repository.countOwners(tx, organizationId)) <= 1) throw new AppError('LAST_OWNER');
}
