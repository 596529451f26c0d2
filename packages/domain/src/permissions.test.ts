import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type AccessProfile,
  type Action,
  allowedEstablishments,
  assignableOrgRoles,
  buildAccessProfile,
  can,
  canActOnMember,
  canAny,
  canAssignEstablishmentRole,
  canAssignOrgRole,
  ESTABLISHMENT_ROLES,
  type EstablishmentRole,
  type Membership,
  ORG_ROLES,
  type OrgRole,
  orgRoleRank,
  type PermissionCheck,
  ROLE_LABEL_KEYS,
} from './permissions.ts';

// Spec core.md §6 tables, written out again on purpose: the code's tables must not be their own oracle.
const SPEC_ORG_GRANTS: Record<OrgRole, readonly Action[]> = {
  ORG_OWNER: ACTIONS,
  ORG_ADMINISTRATOR: ACTIONS.filter((a) => a !== 'DELETE_ORGANIZATION' && a !== 'DELETE_MEDICAL_RECORDS'),
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

const SPEC_ESTABLISHMENT_GRANTS: Record<EstablishmentRole, readonly Action[]> = {
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
  EST_ASSISTANT: ['VIEW_SCHEDULES', 'VIEW_ENROLLMENTS', 'VIEW_ATTENDANCE', 'VIEW_CUSTOMERS'],
  EST_VIEWER: ['VIEW_SCHEDULES', 'VIEW_ENROLLMENTS', 'VIEW_ATTENDANCE', 'VIEW_CUSTOMERS'],
};

const USER = 'user-1';
const HOME = 'est-home';
const OTHER = 'est-other';

const ORG: PermissionCheck = { scope: 'ORG' };
const AT_HOME: PermissionCheck = { scope: 'ESTABLISHMENT', establishmentId: HOME };
const AT_OTHER: PermissionCheck = { scope: 'ESTABLISHMENT', establishmentId: OTHER };
const ANY_ESTABLISHMENT: PermissionCheck = { scope: 'ESTABLISHMENT' };

/** Runs `can()` for all 32 actions and returns those that pass, so a failure shows the whole difference. */
function passingActions(profile: AccessProfile, check: PermissionCheck): Set<Action> {
  return new Set(ACTIONS.filter((action) => can(profile, action, check)));
}

function orgMember(orgRole: OrgRole | null, ...assignments: [string, EstablishmentRole][]): Membership {
  return {
    orgRole,
    establishmentRoles: assignments.map(([establishmentId, role]) => ({ establishmentId, role })),
  };
}

describe('the spec vocabulary', () => {
  it('has the 32 actions of spec §6', () => {
    expect(ACTIONS).toHaveLength(32);
    expect(new Set(ACTIONS).size).toBe(32);
  });
});

describe.each(ORG_ROLES)('org role %s alone', (role) => {
  const profile = buildAccessProfile(USER, orgMember(role));
  const expected = new Set(SPEC_ORG_GRANTS[role]);

  it('passes exactly its spec actions at ORG scope', () => {
    expect(passingActions(profile, ORG)).toEqual(expected);
  });

  it('passes exactly its spec actions at any establishment', () => {
    expect(passingActions(profile, AT_HOME)).toEqual(expected);
    expect(passingActions(profile, AT_OTHER)).toEqual(expected);
    expect(passingActions(profile, ANY_ESTABLISHMENT)).toEqual(expected);
  });
});

describe.each(ESTABLISHMENT_ROLES)('establishment role %s alone', (role) => {
  const profile = buildAccessProfile(USER, orgMember(null, [HOME, role]));
  const expected = new Set(SPEC_ESTABLISHMENT_GRANTS[role]);

  it('passes exactly its spec actions at its own establishment', () => {
    expect(passingActions(profile, AT_HOME)).toEqual(expected);
  });

  it('passes exactly its spec actions for "at least one establishment"', () => {
    expect(passingActions(profile, ANY_ESTABLISHMENT)).toEqual(expected);
  });

  it('passes nothing at another establishment', () => {
    expect(passingActions(profile, AT_OTHER)).toEqual(new Set());
  });

  it('passes nothing at ORG scope', () => {
    expect(passingActions(profile, ORG)).toEqual(new Set());
  });
});

describe('ownOnly grants', () => {
  const ownOnlyProfile: AccessProfile = {
    userId: USER,
    grants: [{ action: 'MANAGE_ATTENDANCE', scope: 'ESTABLISHMENT', constraints: { ownOnly: true } }],
    allowedEstablishmentIdsByAction: { MANAGE_ATTENDANCE: [HOME] },
  };

  it('lets the owner of the resource through', () => {
    expect(can(ownOnlyProfile, 'MANAGE_ATTENDANCE', { ...AT_HOME, ownerId: USER })).toBe(true);
  });

  it("refuses another user's resource, or one whose owner is not given", () => {
    expect(can(ownOnlyProfile, 'MANAGE_ATTENDANCE', { ...AT_HOME, ownerId: 'user-2' })).toBe(false);
    expect(can(ownOnlyProfile, 'MANAGE_ATTENDANCE', AT_HOME)).toBe(false);
  });

  it('still needs the establishment to be allowed', () => {
    expect(can(ownOnlyProfile, 'MANAGE_ATTENDANCE', { ...AT_OTHER, ownerId: USER })).toBe(false);
  });

  it('is lifted by a grant of the same action without ownOnly', () => {
    const lifted: AccessProfile = {
      ...ownOnlyProfile,
      grants: [
        ...ownOnlyProfile.grants,
        { action: 'MANAGE_ATTENDANCE', scope: 'ORG', constraints: { ownOnly: false } },
      ],
      allowedEstablishmentIdsByAction: { MANAGE_ATTENDANCE: 'ALL' },
    };
    expect(can(lifted, 'MANAGE_ATTENDANCE', { ...AT_HOME, ownerId: 'user-2' })).toBe(true);
  });

  it('applies at ORG scope too', () => {
    const orgOwnOnly: AccessProfile = {
      userId: USER,
      grants: [{ action: 'VIEW_REPORTS', scope: 'ORG', constraints: { ownOnly: true } }],
      allowedEstablishmentIdsByAction: { VIEW_REPORTS: 'ALL' },
    };
    expect(can(orgOwnOnly, 'VIEW_REPORTS', { scope: 'ORG', ownerId: USER })).toBe(true);
    expect(can(orgOwnOnly, 'VIEW_REPORTS', { scope: 'ORG', ownerId: 'user-2' })).toBe(false);
  });

  it('does not close the page guard, which lists only own resources', () => {
    expect(canAny(ownOnlyProfile, 'MANAGE_ATTENDANCE')).toBe(true);
  });

  it('is never set by the default tables', () => {
    const everything = buildAccessProfile(USER, orgMember('ORG_OWNER', [HOME, 'EST_ESTABLISHMENT_MANAGER']));
    expect(everything.grants.some((grant) => grant.constraints.ownOnly)).toBe(false);
  });
});

describe('"at least one establishment" checks and page guards', () => {
  const receptionist = buildAccessProfile(USER, orgMember(null, [HOME, 'EST_RECEPTIONIST']));
  const accountant = buildAccessProfile(USER, orgMember('ORG_ACCOUNTANT'));

  it('opens the schedules page for a user assigned to one establishment', () => {
    expect(can(receptionist, 'VIEW_SCHEDULES', ANY_ESTABLISHMENT)).toBe(true);
    expect(canAny(receptionist, 'VIEW_SCHEDULES')).toBe(true);
  });

  it('keeps it closed for a user with no establishment and no org grant for it', () => {
    expect(can(accountant, 'VIEW_SCHEDULES', ANY_ESTABLISHMENT)).toBe(false);
    expect(canAny(accountant, 'VIEW_SCHEDULES')).toBe(false);
  });

  it('opens a page on an org grant alone', () => {
    expect(canAny(accountant, 'VIEW_BILLING')).toBe(true);
  });

  it('refuses a member with no role at all', () => {
    const nobody = buildAccessProfile(USER, orgMember(null));
    expect(ACTIONS.filter((action) => canAny(nobody, action))).toEqual([]);
    expect(nobody.grants).toEqual([]);
  });
});

describe('an org role mixed with establishment roles', () => {
  const membership = orgMember(
    'ORG_ACCOUNTANT',
    [OTHER, 'EST_RECEPTIONIST'],
    [HOME, 'EST_INSTRUCTOR'],
    [HOME, 'EST_RECEPTIONIST'],
  );
  const profile = buildAccessProfile(USER, membership);

  it('adds up the actions of every role held at an establishment', () => {
    const expected = new Set([
      ...SPEC_ORG_GRANTS.ORG_ACCOUNTANT,
      ...SPEC_ESTABLISHMENT_GRANTS.EST_INSTRUCTOR,
      ...SPEC_ESTABLISHMENT_GRANTS.EST_RECEPTIONIST,
    ]);
    expect(passingActions(profile, AT_HOME)).toEqual(expected);
  });

  it('keeps establishment actions to their establishments', () => {
    expect(can(profile, 'MANAGE_ATTENDANCE', AT_HOME)).toBe(true);
    expect(can(profile, 'MANAGE_ATTENDANCE', AT_OTHER)).toBe(false);
    expect(can(profile, 'CHECKIN_CUSTOMERS', AT_OTHER)).toBe(true);
    expect(can(profile, 'CHECKIN_CUSTOMERS', { scope: 'ESTABLISHMENT', establishmentId: 'est-third' })).toBe(
      false,
    );
  });

  it('lets the org role reach every establishment and the establishment roles stay out of ORG scope', () => {
    expect(can(profile, 'VIEW_BILLING', { scope: 'ESTABLISHMENT', establishmentId: 'est-third' })).toBe(true);
    expect(passingActions(profile, ORG)).toEqual(new Set(SPEC_ORG_GRANTS.ORG_ACCOUNTANT));
  });

  it('lists the allowed establishments per action, without duplicates', () => {
    expect(allowedEstablishments(profile, 'VIEW_SCHEDULES')).toEqual([HOME, OTHER]);
    expect(allowedEstablishments(profile, 'MANAGE_ATTENDANCE')).toEqual([HOME]);
    expect(allowedEstablishments(profile, 'VIEW_BILLING')).toBe('ALL');
    expect(allowedEstablishments(profile, 'DELETE_ORGANIZATION')).toEqual([]);
  });

  it('keeps ALL when an org role and an establishment role grant the same action', () => {
    const manager = buildAccessProfile(USER, orgMember('ORG_MANAGER', [HOME, 'EST_RECEPTIONIST']));
    expect(allowedEstablishments(manager, 'VIEW_CUSTOMERS')).toBe('ALL');
    expect(manager.grants.filter((grant) => grant.action === 'VIEW_CUSTOMERS')).toEqual([
      { action: 'VIEW_CUSTOMERS', scope: 'ORG', constraints: { ownOnly: false } },
      { action: 'VIEW_CUSTOMERS', scope: 'ESTABLISHMENT', constraints: { ownOnly: false } },
    ]);
  });

  it('holds one grant per action and scope', () => {
    const keys = profile.grants.map((grant) => `${grant.scope}:${grant.action}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('buildAccessProfile output', () => {
  it('is the same JSON whatever the order of the assignments', () => {
    const forwards = orgMember('ORG_VIEWER', [HOME, 'EST_INSTRUCTOR'], [OTHER, 'EST_RECEPTIONIST']);
    const backwards = orgMember('ORG_VIEWER', [OTHER, 'EST_RECEPTIONIST'], [HOME, 'EST_INSTRUCTOR']);
    expect(JSON.stringify(buildAccessProfile(USER, backwards))).toBe(
      JSON.stringify(buildAccessProfile(USER, forwards)),
    );
  });

  it('lists grants and actions in ACTIONS order', () => {
    const profile = buildAccessProfile(USER, orgMember('ORG_MANAGER', [HOME, 'EST_ESTABLISHMENT_MANAGER']));
    const grantOrder = profile.grants.map((grant) => ACTIONS.indexOf(grant.action));
    const allowed = profile.allowedEstablishmentIdsByAction;
    expect(grantOrder).toEqual([...grantOrder].sort((a, b) => a - b));
    expect(Object.keys(allowed)).toEqual(ACTIONS.filter((action) => action in allowed));
  });

  it('carries the user id', () => {
    expect(buildAccessProfile(USER, orgMember('ORG_VIEWER')).userId).toBe(USER);
  });
});

describe('assigning roles', () => {
  it('ranks org roles from the owner down', () => {
    expect(ORG_ROLES.map(orgRoleRank)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('lets an actor grant their own org role or a weaker one, never a stronger one', () => {
    expect(canAssignOrgRole('ORG_OWNER', 'ORG_OWNER')).toBe(true);
    expect(canAssignOrgRole('ORG_ADMINISTRATOR', 'ORG_ADMINISTRATOR')).toBe(true);
    expect(canAssignOrgRole('ORG_ADMINISTRATOR', 'ORG_OWNER')).toBe(false);
    expect(canAssignOrgRole('ORG_MANAGER', 'ORG_VIEWER')).toBe(true);
    expect(canAssignOrgRole('ORG_MANAGER', 'ORG_ADMINISTRATOR')).toBe(false);
    expect(canAssignOrgRole('ORG_VIEWER', 'ORG_ACCOUNTANT')).toBe(false);
  });

  it('refuses an actor without an org role', () => {
    expect(ORG_ROLES.filter((target) => canAssignOrgRole(null, target))).toEqual([]);
  });

  it.each(['ORG_OWNER', 'ORG_ADMINISTRATOR', 'ORG_MANAGER'] as const)(
    'lets %s assign any establishment role anywhere',
    (orgRole) => {
      const actor = orgMember(orgRole);
      expect(ESTABLISHMENT_ROLES.every((role) => canAssignEstablishmentRole(actor, HOME, role))).toBe(true);
    },
  );

  it.each(['ORG_MEDICAL_PROFESSIONAL', 'ORG_ACCOUNTANT', 'ORG_VIEWER'] as const)(
    'refuses %s without an establishment manager role',
    (orgRole) => {
      const actor = orgMember(orgRole, [HOME, 'EST_INSTRUCTOR']);
      expect(ESTABLISHMENT_ROLES.some((role) => canAssignEstablishmentRole(actor, HOME, role))).toBe(false);
    },
  );

  it('lets an establishment manager assign any role at their establishment only', () => {
    const actor = orgMember(null, [HOME, 'EST_ESTABLISHMENT_MANAGER'], [OTHER, 'EST_INSTRUCTOR']);
    expect(ESTABLISHMENT_ROLES.every((role) => canAssignEstablishmentRole(actor, HOME, role))).toBe(true);
    expect(ESTABLISHMENT_ROLES.some((role) => canAssignEstablishmentRole(actor, OTHER, role))).toBe(false);
  });

  it('refuses other establishment roles', () => {
    const others = ESTABLISHMENT_ROLES.filter((role) => role !== 'EST_ESTABLISHMENT_MANAGER');
    for (const held of others) {
      expect(canAssignEstablishmentRole(orgMember(null, [HOME, held]), HOME, 'EST_VIEWER')).toBe(false);
    }
  });
});

describe('ROLE_LABEL_KEYS', () => {
  it('names an i18n key for every org and establishment role', () => {
    for (const role of [...ORG_ROLES, ...ESTABLISHMENT_ROLES]) {
      expect(ROLE_LABEL_KEYS[role]).toBe(`roles.${role}`);
    }
    expect(Object.keys(ROLE_LABEL_KEYS)).toHaveLength(12);
  });
});

describe('acting on members', () => {
  it('offers the actor their own role and below', () => {
    expect(assignableOrgRoles('ORG_ADMINISTRATOR')).toEqual(ORG_ROLES.slice(1));
    expect(assignableOrgRoles('ORG_VIEWER')).toEqual(['ORG_VIEWER']);
    expect(assignableOrgRoles(null)).toEqual([]);
  });

  it('never lets anyone act on a member ranked above them', () => {
    expect(canActOnMember('ORG_ADMINISTRATOR', 'ORG_OWNER')).toBe(false);
    expect(canActOnMember('ORG_ADMINISTRATOR', 'ORG_ADMINISTRATOR')).toBe(true);
    expect(canActOnMember('ORG_OWNER', 'ORG_VIEWER')).toBe(true);
    expect(canActOnMember('ORG_MANAGER', null)).toBe(true);
    expect(canActOnMember(null, 'ORG_VIEWER')).toBe(false);
  });
});
