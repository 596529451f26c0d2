import { describe, expect, it } from 'vitest';
import { canExportCustomerData } from './customer-data-export.ts';
import {
  buildAccessProfile,
  ESTABLISHMENT_ROLES,
  type EstablishmentRole,
  type Membership,
  ORG_ROLES,
  type OrgRole,
} from './permissions.ts';

const profileOf = (membership: Membership) => buildAccessProfile('user-1', membership);
const withOrgRole = (orgRole: OrgRole) => profileOf({ orgRole, establishmentRoles: [] });

describe('who may export a customer’s whole record (decision 021)', () => {
  it('is the owner and the administrator by default, who may see every part of it', () => {
    const allowed = ORG_ROLES.filter((role) => canExportCustomerData(withOrgRole(role)));
    expect(allowed).toEqual(['ORG_OWNER', 'ORG_ADMINISTRATOR']);
  });

  it('is not a manager, who manages customers and reads charts but not payments or enrollments', () => {
    expect(canExportCustomerData(withOrgRole('ORG_MANAGER'))).toBe(false);
  });

  it('is no establishment role, even all of them at once: the record spans every establishment', () => {
    const everyRole = ESTABLISHMENT_ROLES.map((role: EstablishmentRole) => ({
      establishmentId: 'est-1',
      role,
    }));
    expect(canExportCustomerData(profileOf({ orgRole: null, establishmentRoles: everyRole }))).toBe(false);
    expect(canExportCustomerData(profileOf({ orgRole: 'ORG_MANAGER', establishmentRoles: everyRole }))).toBe(
      false,
    );
  });
});
