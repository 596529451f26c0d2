import { type AccessProfile, can, canActOnMember, type OrgRole } from '@reformer/domain/permissions';
import type { StaffMember } from '@reformer/domain/staff';

/** The server refuses to change or remove a member ranked above the actor; the screen hides those actions. */
export function isOutranked(actorRole: OrgRole | null, member: StaffMember): boolean {
  return !canActOnMember(actorRole, member.role);
}

/** Establishments whose staff the actor manages: all of them for organization managers. */
export function manageableEstablishmentIds(profile: AccessProfile, establishmentIds: string[]): Set<string> {
  return new Set(
    establishmentIds.filter((establishmentId) =>
      can(profile, 'MANAGE_STAFF', { scope: 'ESTABLISHMENT', establishmentId }),
    ),
  );
}
