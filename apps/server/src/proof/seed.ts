import { randomBytes } from 'node:crypto';
import {
  type AccessProfile,
  buildAccessProfile,
  ESTABLISHMENT_ROLES,
  type Membership,
  ORG_ROLES,
} from '@reformer/domain/permissions';
import { expect } from 'vitest';
import {
  addMember,
  createEstablishment,
  createOrganization,
  createUser,
  type TestUser,
} from '../test/factories.ts';
import type { TestApp } from '../test/test-app.ts';
import { seedObjects } from './seed-objects.ts';

/** The kinds of object a path, query or body can name; each tenant holds one of every kind. */
export const KINDS = [
  'organization',
  'establishment',
  'otherEstablishment',
  'owner',
  'staffMember',
  'invitation',
  'customer',
  'rosterCustomer',
  'plan',
  'schedule',
  'session',
  'enrollment',
  'payment',
  'medicalRecord',
  'waitlistSession',
  'waitlistEntry',
  'packPlan',
  'purchase',
  'portalSession',
] as const;
export type Kind = (typeof KINDS)[number];

/** What a tenant holds, by kind; plus the values that are not ids (a token, a searchable name). */
export type TenantIds = Record<Kind, string> & {
  invitationToken: string;
  customerName: string;
  /** The link's token of a declined waitlist offer (seed-waitlist.ts). */
  waitlistOfferToken: string;
  /** The roster customer's class link, and a session whose place they canceled (seed-class-link.ts). */
  classLinkToken: string;
  classLinkSession: string;
};

export type Member = { label: string; user: TestUser; profile: AccessProfile };

export type Tenant = {
  label: string;
  ids: TenantIds;
  owner: TestUser;
  /** The owner first, then one member per organization role and per establishment role at each establishment. */
  members: Member[];
  /** Everything of this tenant that must never appear in another tenant's answers. */
  secrets: string[];
};

type SeedOptions = { withMembers: boolean; withSchedules: boolean };

/**
 * One organization with an object of every kind, created through the real API. Every name carries a random
 * mark, so a leaked name, e-mail or id is found by plain text search in any answer.
 */
export async function seedTenant(t: TestApp, label: string, options: SeedOptions): Promise<Tenant> {
  const mark = `${label.toLowerCase()}${randomBytes(5).toString('hex')}`;
  const owner = await createUser(t, { firstName: `Owner${mark}`, lastName: `Tenant${mark}` });
  const organization = await createOrganization(t, owner, `Studio ${mark}`);
  const orgId = organization.id;
  const main = await createEstablishment(t, owner, orgId, `Unidade ${mark} centro`);
  const other = await createEstablishment(t, owner, orgId, `Unidade ${mark} norte`);
  const members: Member[] = [member('ORG_OWNER', owner, { orgRole: 'ORG_OWNER', establishmentRoles: [] })];
  const staffMember = await addMember(
    t,
    owner,
    orgId,
    { establishments: [{ establishmentId: main.id, role: 'EST_INSTRUCTOR' }] },
    { firstName: `Instructor${mark}`, lastName: `Staff${mark}` },
  );
  members.push(
    member('EST_INSTRUCTOR@main', staffMember, {
      orgRole: null,
      establishmentRoles: [{ establishmentId: main.id, role: 'EST_INSTRUCTOR' }],
    }),
  );
  if (options.withMembers) members.push(...(await addEveryRole(t, owner, { orgId, mark, main, other })));

  const objects = await seedObjects(t, {
    owner,
    orgId,
    mark,
    establishmentId: main.id,
    staffUserId: staffMember.id,
    withSchedules: options.withSchedules,
  });
  const { sessionIds, ...rest } = objects;
  const ids: TenantIds = {
    organization: orgId,
    establishment: main.id,
    otherEstablishment: other.id,
    owner: owner.id,
    staffMember: staffMember.id,
    ...rest,
  };
  const secrets = [
    mark,
    ...KINDS.map((kind) => ids[kind]),
    ...sessionIds,
    ...members.flatMap(({ user }) => [user.id, user.email]),
    ids.invitationToken,
    ids.waitlistOfferToken,
    ids.classLinkToken,
  ].filter(Boolean);
  return { label, ids, owner, members, secrets: [...new Set(secrets)] };
}

function member(label: string, user: TestUser, membership: Membership): Member {
  return { label, user, profile: buildAccessProfile(user.id, membership) };
}

type Place = { orgId: string; mark: string; main: { id: string }; other: { id: string } };

/** One member per organization role, per establishment role at each establishment, and one with no role. */
async function addEveryRole(t: TestApp, owner: TestUser, place: Place): Promise<Member[]> {
  const { orgId, mark } = place;
  const names = (label: string) => ({ firstName: `${label}${mark}`, lastName: `Member${mark}` });
  const members: Member[] = [];
  for (const role of ORG_ROLES.filter((role) => role !== 'ORG_OWNER')) {
    const user = await addMember(t, owner, orgId, { role }, names(role));
    members.push(member(role, user, { orgRole: role, establishmentRoles: [] }));
  }
  for (const [where, establishment] of [
    ['main', place.main],
    ['other', place.other],
  ] as const) {
    for (const role of ESTABLISHMENT_ROLES) {
      if (where === 'main' && role === 'EST_INSTRUCTOR') continue; // the seed's staff member
      const establishmentRoles = [{ establishmentId: establishment.id, role }];
      const user = await addMember(t, owner, orgId, { establishments: establishmentRoles }, names(role));
      members.push(member(`${role}@${where}`, user, { orgRole: null, establishmentRoles }));
    }
  }
  // A member whose establishment roles were all taken away: a membership and nothing else.
  const roleless = await addMember(
    t,
    owner,
    orgId,
    { establishments: [{ establishmentId: place.other.id, role: 'EST_VIEWER' }] },
    names('Roleless'),
  );
  const cleared = await t.request('PUT', `/organizations/${orgId}/staff/${roleless.id}/establishments`, {
    token: owner.token,
    body: { establishments: [] },
  });
  expect(cleared.status, cleared.text).toBe(204);
  members.push(member('no role', roleless, { orgRole: null, establishmentRoles: [] }));
  return members;
}
