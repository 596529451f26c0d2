import { describe, expect, it } from 'vitest';
import { CustomerDataExport, canExportCustomerData } from './customer-data-export.ts';
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

describe('the make-up credits in the export (decision 021)', () => {
  const session = (id: string, date: string) => ({
    id,
    date,
    startTime: '07:00',
    scheduleName: 'Reformer Iniciante',
    establishmentName: 'Centro',
  });
  const credits = CustomerDataExport.shape.makeUpCredits;

  it('carry each credit with its dates, its state and the classes it came from and paid for', () => {
    const used = {
      id: 'credit-1',
      state: 'USED',
      earnedAt: '2027-03-20T12:00:00.000Z',
      expiresOn: '2027-05-31',
      canceledSession: session('s-1', '2027-04-05'),
      usedAt: '2027-03-23T12:00:00.000Z',
      usedSession: session('s-2', '2027-03-24'),
    };
    const expired = { ...used, id: 'credit-2', state: 'EXPIRED', usedAt: null, usedSession: null };
    expect(credits.parse([used, expired])).toEqual([used, expired]);
  });

  it('are a required part: a document without them is not a complete export', () => {
    expect(CustomerDataExport.safeParse({}).error?.issues.map((issue) => issue.path[0])).toContain(
      'makeUpCredits',
    );
  });
});
