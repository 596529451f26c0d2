import type { OperationTable } from './operation-table.ts';

const org = { orgId: 'organization' } as const;
const staff = { ...org, staffUserId: 'staffMember' } as const;
const invitation = { ...org, invitationId: 'invitation' } as const;
const establishment = { ...org, establishmentId: 'establishment' } as const;

/** Operations, users, organizations, establishments, staff and invitations. */
export const organizationOperations: OperationTable = {
  'GET /health': { access: { caller: 'reads' } },
  'GET /health/ready': { access: { caller: 'reads' } },
  'GET /public-config': { access: { caller: 'reads' } },
  'GET /postal-codes/{cep}': { params: { cep: () => '01310-100' }, access: { caller: 'reads' } },
  'GET /users/me': { access: { caller: 'reads' } },
  'PUT /users/me': {
    body: () => ({ firstName: 'Probe', lastName: 'Caller' }),
    access: { caller: 'writes', why: "renames the caller only; the body names no one else's record" },
  },
  'GET /organizations/me': { access: { caller: 'reads' } },
  'POST /organizations': {
    body: () => ({ name: 'Probe studio' }),
    access: {
      caller: 'writes',
      why: 'creates a new organization owned by the caller; it names no existing one',
    },
  },
  // The organization is in the query here: another organization's id must be a 404 like a path's.
  'GET /auth/profile/access': {
    query: (ids) => ({ organizationId: ids.organization }),
    slots: [{ in: 'query', at: 'organizationId', kind: 'organization', status: 404 }],
    access: { tenant: 'member' },
  },
  'GET /organizations/{orgId}': { params: org, access: { tenant: 'member' } },
  'PUT /organizations/{orgId}': {
    params: org,
    body: () => ({ name: 'Renamed by the probe' }),
    access: { tenant: { org: 'MANAGE_SETTINGS' } },
  },
  // Membership only, so phase (c) never calls it: only outsiders try to leave, and must get 404.
  'DELETE /organizations/{orgId}/leave': { params: org, access: { tenant: 'member' } },

  'GET /organizations/{orgId}/establishments': { params: org, access: { tenant: 'member' } },
  'POST /organizations/{orgId}/establishments': {
    params: org,
    body: () => ({ name: 'Probe establishment' }),
    access: { tenant: { org: 'MANAGE_ESTABLISHMENTS' } },
  },
  'PUT /organizations/{orgId}/establishments/{establishmentId}': {
    params: establishment,
    body: () => ({ name: 'Renamed establishment' }),
    access: { tenant: { org: 'MANAGE_ESTABLISHMENTS' } },
  },
  'DELETE /organizations/{orgId}/establishments/{establishmentId}': {
    params: establishment,
    access: { tenant: { org: 'MANAGE_ESTABLISHMENTS' } },
  },

  'GET /organizations/{orgId}/staff': { params: org, access: { tenant: { anywhere: 'VIEW_STAFF' } } },
  'PUT /organizations/{orgId}/staff/{staffUserId}/role': {
    params: staff,
    body: () => ({ role: 'ORG_VIEWER' }),
    access: { tenant: { org: 'MANAGE_STAFF' } },
  },
  // The body changes the staff member's role at the main establishment, so an establishment manager of the
  // other establishment passes the middleware and is refused by the service (ROLE_NOT_ALLOWED, 403).
  'PUT /organizations/{orgId}/staff/{staffUserId}/establishments': {
    params: staff,
    body: (ids) => ({ establishments: [{ establishmentId: ids.establishment, role: 'EST_VIEWER' }] }),
    slots: [{ in: 'body', at: 'establishments.0.establishmentId', kind: 'establishment' }],
    access: { tenant: { anywhere: 'MANAGE_STAFF' }, at: { of: 'staffMember', act: ['MANAGE_STAFF'] } },
  },
  'DELETE /organizations/{orgId}/staff/{staffUserId}': {
    params: staff,
    access: { tenant: { org: 'MANAGE_STAFF' } },
  },

  'POST /organizations/{orgId}/staff/invite': {
    params: org,
    body: (ids) => ({
      email: 'probe-invitee@example.com',
      role: null,
      establishments: [{ establishmentId: ids.establishment, role: 'EST_VIEWER' }],
    }),
    slots: [{ in: 'body', at: 'establishments.0.establishmentId', kind: 'establishment' }],
    access: { tenant: { org: 'INVITE_STAFF' } },
  },
  'GET /organizations/{orgId}/invitations': {
    params: org,
    access: { tenant: { anywhere: 'VIEW_STAFF' } },
  },
  'DELETE /organizations/{orgId}/invitations/{invitationId}': {
    params: invitation,
    access: { tenant: { org: 'INVITE_STAFF' } },
  },
  'POST /organizations/{orgId}/invitations/{invitationId}/resend': {
    params: invitation,
    access: { tenant: { org: 'INVITE_STAFF' } },
  },
  'GET /invitations/validate/{token}': {
    params: { token: 'invitationToken' },
    access: {
      token: {
        outsider: 200,
        showsTenant: true,
        why: 'the token is the capability: whoever holds the link sees what it offers (the invitation page)',
      },
    },
  },
  'POST /invitations/accept/{token}': {
    params: { token: 'invitationToken' },
    access: {
      token: {
        outsider: 403,
        showsTenant: false,
        why: 'INVITATION_EMAIL_MISMATCH: the link holder is signed in with another e-mail (route contract)',
      },
    },
  },
};
