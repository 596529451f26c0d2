import { z } from 'zod';

/** The permission model of spec core.md §6, written once for the server (enforce) and the web (hide). */

export const ACTIONS = [
  'VIEW_SETTINGS',
  'MANAGE_SETTINGS',
  'DELETE_ORGANIZATION',
  'VIEW_STAFF',
  'MANAGE_STAFF',
  'INVITE_STAFF',
  'VIEW_ESTABLISHMENTS',
  'MANAGE_ESTABLISHMENTS',
  'VIEW_CUSTOMERS',
  'MANAGE_CUSTOMERS',
  'IMPORT_CUSTOMERS',
  'EXPORT_CUSTOMERS',
  'VIEW_CUSTOMER_PLANS',
  'MANAGE_CUSTOMER_PLANS',
  'VIEW_MEDICAL_RECORDS',
  'MANAGE_MEDICAL_RECORDS',
  'DELETE_MEDICAL_RECORDS',
  'VIEW_BILLING',
  'MANAGE_BILLING',
  'VIEW_PAYMENTS',
  'MANAGE_PAYMENTS',
  'VIEW_REPORTS',
  'EXPORT_REPORTS',
  'VIEW_SCHEDULES',
  'MANAGE_SCHEDULES',
  'VIEW_SCHEDULE_SESSIONS',
  'MANAGE_SCHEDULE_SESSIONS',
  'VIEW_ENROLLMENTS',
  'MANAGE_ENROLLMENTS',
  'VIEW_ATTENDANCE',
  'MANAGE_ATTENDANCE',
  'CHECKIN_CUSTOMERS',
] as const;
export const Action = z.enum(ACTIONS);
export type Action = z.infer<typeof Action>;

export const SCOPES = ['ORG', 'ESTABLISHMENT'] as const;
export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;

/** Ordered from most to least powerful: the order decides who may grant what. */
export const ORG_ROLES = [
  'ORG_OWNER',
  'ORG_ADMINISTRATOR',
  'ORG_MANAGER',
  'ORG_MEDICAL_PROFESSIONAL',
  'ORG_ACCOUNTANT',
  'ORG_VIEWER',
] as const;
export const OrgRole = z.enum(ORG_ROLES);
export type OrgRole = z.infer<typeof OrgRole>;

export const ESTABLISHMENT_ROLES = [
  'EST_ESTABLISHMENT_MANAGER',
  'EST_INSTRUCTOR',
  'EST_RECEPTIONIST',
  'EST_MEDICAL_STAFF',
  'EST_ASSISTANT',
  'EST_VIEWER',
] as const;
export const EstablishmentRole = z.enum(ESTABLISHMENT_ROLES);
export type EstablishmentRole = z.infer<typeof EstablishmentRole>;

export type Grant = { action: Action; scope: Scope; constraints: { ownOnly: boolean } };

export type AllowedEstablishments = 'ALL' | string[];

/** What GET /auth/profile/access answers, and what `can()` evaluates. */
export type AccessProfile = {
  userId: string;
  grants: Grant[];
  allowedEstablishmentIdsByAction: Partial<Record<Action, AllowedEstablishments>>;
};

/** The memberships of one user in one organization, as stored. */
export type Membership = {
  orgRole: OrgRole | null;
  establishmentRoles: { establishmentId: string; role: EstablishmentRole }[];
};

/** Without establishmentId, an establishment check means "for at least one establishment" (page guards). */
export type PermissionCheck =
  | { scope: 'ORG'; ownerId?: string }
  | { scope: 'ESTABLISHMENT'; establishmentId?: string; ownerId?: string };

const OWNER_ONLY_ACTIONS: readonly Action[] = ['DELETE_ORGANIZATION', 'DELETE_MEDICAL_RECORDS'];

/** Spec §6 "Assistant: view schedules, enrollments, attendance, customers"; Viewer is "same as assistant". */
const EST_READ_ONLY: readonly Action[] = [
  'VIEW_SCHEDULES',
  'VIEW_ENROLLMENTS',
  'VIEW_ATTENDANCE',
  'VIEW_CUSTOMERS',
];

/** Spec §6 "Default grants at ORG scope". */
export const DEFAULT_ORG_GRANTS: Record<OrgRole, readonly Action[]> = {
  ORG_OWNER: ACTIONS,
  ORG_ADMINISTRATOR: ACTIONS.filter((action) => !OWNER_ONLY_ACTIONS.includes(action)),
  ORG_MANAGER: [
    'VIEW_SETTINGS',
    'VIEW_STAFF',
    'MANAGE_STAFF',
    'INVITE_STAFF',
    'VIEW_ESTABLISHMENTS',
    'MANAGE_ESTABLISHMENTS',
    'VIEW_CUSTOMERS',
    'MANAGE_CUSTOMERS',
    'IMPORT_CUSTOMERS',
    'EXPORT_CUSTOMERS',
    'VIEW_CUSTOMER_PLANS',
    'MANAGE_CUSTOMER_PLANS',
    'VIEW_MEDICAL_RECORDS',
    'MANAGE_MEDICAL_RECORDS',
    'VIEW_REPORTS',
    'EXPORT_REPORTS',
  ],
  ORG_MEDICAL_PROFESSIONAL: [
    'VIEW_CUSTOMERS',
    'VIEW_MEDICAL_RECORDS',
    'MANAGE_MEDICAL_RECORDS',
    'VIEW_REPORTS',
  ],
  ORG_ACCOUNTANT: [
    'VIEW_SETTINGS',
    'VIEW_BILLING',
    'MANAGE_BILLING',
    'VIEW_PAYMENTS',
    'MANAGE_PAYMENTS',
    'VIEW_REPORTS',
    'EXPORT_REPORTS',
  ],
  ORG_VIEWER: [
    'VIEW_SETTINGS',
    'VIEW_STAFF',
    'VIEW_ESTABLISHMENTS',
    'VIEW_CUSTOMERS',
    'VIEW_CUSTOMER_PLANS',
    'VIEW_REPORTS',
  ],
};

/** Spec §6 "Default grants at ESTABLISHMENT scope"; each applies to the assigned establishment only. */
export const DEFAULT_ESTABLISHMENT_GRANTS: Record<EstablishmentRole, readonly Action[]> = {
  EST_ESTABLISHMENT_MANAGER: [
    'VIEW_SCHEDULES',
    'MANAGE_SCHEDULES',
    'VIEW_SCHEDULE_SESSIONS',
    'MANAGE_SCHEDULE_SESSIONS',
    'VIEW_ENROLLMENTS',
    'MANAGE_ENROLLMENTS',
    'VIEW_ATTENDANCE',
    'MANAGE_ATTENDANCE',
    'VIEW_CUSTOMERS',
    'CHECKIN_CUSTOMERS',
    'VIEW_MEDICAL_RECORDS',
    'MANAGE_MEDICAL_RECORDS',
    'VIEW_STAFF',
    'MANAGE_STAFF',
  ],
  // The spec lists "manage sessions" without "view sessions"; managing sessions implies seeing them.
  EST_INSTRUCTOR: [
    'VIEW_SCHEDULES',
    'VIEW_SCHEDULE_SESSIONS',
    'MANAGE_SCHEDULE_SESSIONS',
    'VIEW_ATTENDANCE',
    'MANAGE_ATTENDANCE',
    'VIEW_CUSTOMERS',
    'VIEW_MEDICAL_RECORDS',
    'MANAGE_MEDICAL_RECORDS',
  ],
  EST_RECEPTIONIST: [
    'VIEW_SCHEDULES',
    'VIEW_ENROLLMENTS',
    'MANAGE_ENROLLMENTS',
    'VIEW_CUSTOMERS',
    'CHECKIN_CUSTOMERS',
  ],
  EST_MEDICAL_STAFF: ['VIEW_SCHEDULES', 'VIEW_CUSTOMERS', 'VIEW_MEDICAL_RECORDS', 'MANAGE_MEDICAL_RECORDS'],
  EST_ASSISTANT: EST_READ_ONLY,
  EST_VIEWER: EST_READ_ONLY,
};

/** Establishment ids per action granted by the establishment assignments; sorted so the JSON is stable. */
function establishmentIdsByAction(membership: Membership): Map<Action, string[]> {
  const ids = new Map<Action, Set<string>>();
  for (const { establishmentId, role } of membership.establishmentRoles) {
    for (const action of DEFAULT_ESTABLISHMENT_GRANTS[role]) {
      ids.set(action, (ids.get(action) ?? new Set<string>()).add(establishmentId));
    }
  }
  return new Map([...ids].map(([action, set]) => [action, [...set].sort()]));
}

/**
 * The profile the server serves and `can()` evaluates. An org role reaches every establishment ('ALL');
 * establishment roles add their own establishment. Grants are one per action and scope, in ACTIONS order.
 * The default tables never restrict to own resources, so no built grant is ownOnly.
 */
export function buildAccessProfile(userId: string, membership: Membership): AccessProfile {
  const orgActions = new Set<Action>(membership.orgRole ? DEFAULT_ORG_GRANTS[membership.orgRole] : []);
  const establishmentIds = establishmentIdsByAction(membership);
  const profile: AccessProfile = { userId, grants: [], allowedEstablishmentIdsByAction: {} };
  for (const action of ACTIONS) {
    const ids = establishmentIds.get(action);
    if (orgActions.has(action)) {
      profile.grants.push({ action, scope: 'ORG', constraints: { ownOnly: false } });
      profile.allowedEstablishmentIdsByAction[action] = 'ALL';
    }
    if (ids) {
      profile.grants.push({ action, scope: 'ESTABLISHMENT', constraints: { ownOnly: false } });
      profile.allowedEstablishmentIdsByAction[action] ??= ids;
    }
  }
  return profile;
}

/** 'ALL', the allowed establishment ids, or [] — what the server uses to filter lists. */
export function allowedEstablishments(profile: AccessProfile, action: Action): AllowedEstablishments {
  const allowed = profile.allowedEstablishmentIdsByAction[action] ?? [];
  return allowed === 'ALL' ? 'ALL' : [...allowed];
}

function isEstablishmentAllowed(profile: AccessProfile, action: Action, establishmentId?: string): boolean {
  const allowed = allowedEstablishments(profile, action);
  if (allowed === 'ALL') return true;
  return establishmentId === undefined ? allowed.length > 0 : allowed.includes(establishmentId);
}

/**
 * Spec §6: "If the only matching grants are restricted to own resources (ownOnly), the resource must belong
 * to the user." An ORG grant reaches every establishment, so it also matches an establishment check.
 */
function isOwnOnly(profile: AccessProfile, action: Action, scopes: readonly Scope[]): boolean {
  const matching = profile.grants.filter((grant) => grant.action === action && scopes.includes(grant.scope));
  return matching.length > 0 && matching.every((grant) => grant.constraints.ownOnly);
}

function hasOrgGrant(profile: AccessProfile, action: Action): boolean {
  return profile.grants.some((grant) => grant.action === action && grant.scope === 'ORG');
}

/** The evaluation rule of spec §6, shared by the server (enforce) and the web (hide). */
export function can(profile: AccessProfile, action: Action, check: PermissionCheck): boolean {
  const scopes: readonly Scope[] = check.scope === 'ORG' ? ['ORG'] : SCOPES;
  const isGranted =
    check.scope === 'ORG'
      ? hasOrgGrant(profile, action)
      : isEstablishmentAllowed(profile, action, check.establishmentId);
  if (!isGranted) return false;
  return !isOwnOnly(profile, action, scopes) || check.ownerId === profile.userId;
}

/**
 * Page guard: may the user do this anywhere in the organization? Ignores ownOnly on purpose, since a page
 * listing only the user's own resources must still open.
 */
export function canAny(profile: AccessProfile, action: Action): boolean {
  const allowed = allowedEstablishments(profile, action);
  return hasOrgGrant(profile, action) || allowed === 'ALL' || allowed.length > 0;
}

/** 0 is the owner; a higher rank is a weaker role (ORG_ROLES order). */
export function orgRoleRank(role: OrgRole): number {
  return ORG_ROLES.indexOf(role);
}

/**
 * Nobody can grant an org role above their own (architecture §4), so an administrator cannot make an owner.
 * Holding MANAGE_STAFF is checked separately.
 */
export function canAssignOrgRole(actorRole: OrgRole | null, targetRole: OrgRole): boolean {
  return actorRole !== null && orgRoleRank(targetRole) >= orgRoleRank(actorRole);
}

const ORG_ROLES_ASSIGNING_ESTABLISHMENT_ROLES: readonly OrgRole[] = [
  'ORG_OWNER',
  'ORG_ADMINISTRATOR',
  'ORG_MANAGER',
];

/**
 * Org owners, administrators and managers may assign any establishment role anywhere; an establishment
 * manager only at their establishment. Every establishment role sits at or below the establishment manager,
 * so the target role never decides today.
 */
export function canAssignEstablishmentRole(
  actor: Membership,
  establishmentId: string,
  _targetRole: EstablishmentRole,
): boolean {
  if (actor.orgRole && ORG_ROLES_ASSIGNING_ESTABLISHMENT_ROLES.includes(actor.orgRole)) return true;
  return actor.establishmentRoles.some(
    (assignment) =>
      assignment.establishmentId === establishmentId && assignment.role === 'EST_ESTABLISHMENT_MANAGER',
  );
}

type Role = OrgRole | EstablishmentRole;

/** i18n keys the web translates; ORG_MEDICAL_PROFESSIONAL is displayed as "Instructor" (spec §6). */
export const ROLE_LABEL_KEYS: { readonly [R in Role]: `roles.${R}` } = {
  ORG_OWNER: 'roles.ORG_OWNER',
  ORG_ADMINISTRATOR: 'roles.ORG_ADMINISTRATOR',
  ORG_MANAGER: 'roles.ORG_MANAGER',
  ORG_MEDICAL_PROFESSIONAL: 'roles.ORG_MEDICAL_PROFESSIONAL',
  ORG_ACCOUNTANT: 'roles.ORG_ACCOUNTANT',
  ORG_VIEWER: 'roles.ORG_VIEWER',
  EST_ESTABLISHMENT_MANAGER: 'roles.EST_ESTABLISHMENT_MANAGER',
  EST_INSTRUCTOR: 'roles.EST_INSTRUCTOR',
  EST_RECEPTIONIST: 'roles.EST_RECEPTIONIST',
  EST_MEDICAL_STAFF: 'roles.EST_MEDICAL_STAFF',
  EST_ASSISTANT: 'roles.EST_ASSISTANT',
  EST_VIEWER: 'roles.EST_VIEWER',
};

/** The organization roles an actor may hand out: their own and below (no self-escalation). */
export function assignableOrgRoles(actorRole: OrgRole | null): OrgRole[] {
  return ORG_ROLES.filter((role) => canAssignOrgRole(actorRole, role));
}

/**
 * Whether the actor may change or remove a member holding `memberRole`: nobody acts on someone ranked
 * above them; a member with establishment roles only can be handled by any organization role.
 */
export function canActOnMember(actorRole: OrgRole | null, memberRole: OrgRole | null): boolean {
  if (memberRole === null) return true;
  return actorRole !== null && orgRoleRank(memberRole) >= orgRoleRank(actorRole);
}

/** The wire shape of GET /auth/profile/access, for the OpenAPI document and the web's parsing. */
export const AccessProfileSchema = z.object({
  userId: z.string(),
  grants: z.array(
    z.object({ action: Action, scope: Scope, constraints: z.object({ ownOnly: z.boolean() }) }),
  ),
  allowedEstablishmentIdsByAction: z.partialRecord(Action, z.union([z.literal('ALL'), z.array(z.string())])),
});
