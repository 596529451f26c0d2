import type { OperationTable } from './operation-table.ts';

const customerLink = { orgId: 'organization', customerId: 'customer' } as const;
/**
 * The customer portal (decision 039) answers its own cookie only, never a member's bearer token: not probed
 * here by members; portal.test.ts proves a staff token gets 401 there, a portal cookie 401 on staff routes,
 * and another customer's or organization's ids 404.
 */
export const portalOperation = {
  access: { caller: 'writes', why: "the customer portal's cookie is the key (portal.test.ts)" },
  noStore: true,
} as const;

/**
 * A customer's class link (decision 025), written here from the contract: staff see whether it is live with
 * VIEW_CUSTOMERS anywhere, make and revoke it with MANAGE_ATTENDANCE anywhere (the first customer's, so the
 * roster customer's seeded link stays live); the customer's portal sessions likewise, ending one naming the
 * roster customer's real session, so another organization's session id is refused for a real reason.
 */
export const classLinkOperations: OperationTable = {
  'GET /organizations/{orgId}/customers/{customerId}/class-link': {
    params: customerLink,
    access: { tenant: { anywhere: 'VIEW_CUSTOMERS' } },
  },
  'POST /organizations/{orgId}/customers/{customerId}/class-link': {
    params: customerLink,
    access: { tenant: { anywhere: 'MANAGE_ATTENDANCE' } },
  },
  'DELETE /organizations/{orgId}/customers/{customerId}/class-link': {
    params: customerLink,
    access: { tenant: { anywhere: 'MANAGE_ATTENDANCE' } },
  },
  'GET /organizations/{orgId}/customers/{customerId}/portal-sessions': {
    params: customerLink,
    access: { tenant: { anywhere: 'VIEW_CUSTOMERS' } },
  },
  'DELETE /organizations/{orgId}/customers/{customerId}/portal-sessions/{portalSessionId}': {
    params: { orgId: 'organization', customerId: 'rosterCustomer', portalSessionId: 'portalSession' },
    access: { tenant: { anywhere: 'MANAGE_ATTENDANCE' } },
  },
  'POST /portal/session': portalOperation,
  'DELETE /portal/session': portalOperation,
  'POST /portal/link-requests': portalOperation,
  'POST /portal/phone-link-requests': portalOperation,
  'GET /portal/me': portalOperation,
  'GET /portal/history': portalOperation,
  'GET /portal/bookable': portalOperation,
  'POST /portal/sessions/{sessionId}/cancel': portalOperation,
  'POST /portal/sessions/{sessionId}/book': portalOperation,
  'POST /portal/sessions/{sessionId}/waitlist': portalOperation,
  'POST /portal/waitlist/{entryId}/accept': portalOperation,
  'POST /portal/waitlist/{entryId}/decline': portalOperation,
};
