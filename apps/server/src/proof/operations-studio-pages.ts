import type { OperationTable } from './operation-table.ts';

const org = { orgId: 'organization' } as const;

/**
 * The studio's public page (decision 045) answers anyone, by a slug the studio published, and names no
 * organization in its path; studio-pages.test.ts proves what it shows (free seats, never a customer) and
 * that a booking reaches only the slug's studio (another studio's class is 404). The portal's branding
 * answers the portal's cookie only, like the rest of the portal (portal.test.ts's wall).
 */
const publicOperation = {
  access: { caller: 'writes', why: "public by the studio's own slug; studio-pages.test.ts covers it" },
} as const;

/**
 * Branding and the slug are settings: read with VIEW_SETTINGS, changed with MANAGE_SETTINGS (organization-wide).
 * The logo is a multipart upload: the probes call it without one (the middleware answers first for
 * outsiders). The trial card reads customers' names: VIEW_CUSTOMERS organization-wide.
 */
export const studioPageOperations: OperationTable = {
  'GET /organizations/{orgId}/studio-page': { params: org, access: { tenant: { org: 'VIEW_SETTINGS' } } },
  'PUT /organizations/{orgId}/studio-page': {
    params: org,
    body: () => ({ slug: null, displayName: 'Studio', accentColor: '#1d4ed8' }),
    access: { tenant: { org: 'MANAGE_SETTINGS' } },
  },
  'PUT /organizations/{orgId}/studio-page/logo': {
    params: org,
    access: { tenant: { org: 'MANAGE_SETTINGS' } },
  },
  'DELETE /organizations/{orgId}/studio-page/logo': {
    params: org,
    access: { tenant: { org: 'MANAGE_SETTINGS' } },
  },
  'GET /organizations/{orgId}/trial-bookings/summary': {
    params: org,
    query: () => ({ from: '2027-03-01', to: '2027-03-31' }),
    access: { tenant: { org: 'VIEW_CUSTOMERS' } },
  },
  'GET /public/studios/{slug}': publicOperation,
  'GET /public/logos/{hash}': publicOperation,
  'POST /public/studios/{slug}/trial-bookings': publicOperation,
  'GET /portal/branding': {
    access: { caller: 'writes', why: "the customer portal's cookie is the key (studio-pages.test.ts)" },
    noStore: true,
  },
};
