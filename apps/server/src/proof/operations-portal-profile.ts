import type { OperationTable } from './operation-table.ts';

const customerOf = { orgId: 'organization', customerId: 'customer' } as const;
/**
 * The portal's profile and calendar feed (decision 046) answer the portal cookie, or the feed's own token,
 * never a member's bearer token: not probed here by members; portal-profile.test.ts and
 * calendar-feed.test.ts prove a staff token gets 401 there, and another customer's or organization's ids 404.
 */
const portalOperation = {
  access: { caller: 'writes', why: "the customer portal's cookie is the key (portal-profile.test.ts)" },
  noStore: true,
} as const;

/**
 * Staff's side, written here from the contract: the history of the customer's own changes and whether their
 * feed is live are seen with VIEW_CUSTOMERS anywhere, the feed revoked with MANAGE_ATTENDANCE anywhere (the
 * class link's permissions: the feed is another of the customer's portal keys).
 */
export const portalProfileOperations: OperationTable = {
  'GET /organizations/{orgId}/customers/{customerId}/profile-changes': {
    params: customerOf,
    access: { tenant: { anywhere: 'VIEW_CUSTOMERS' } },
  },
  'GET /organizations/{orgId}/customers/{customerId}/calendar-feed': {
    params: customerOf,
    access: { tenant: { anywhere: 'VIEW_CUSTOMERS' } },
  },
  'DELETE /organizations/{orgId}/customers/{customerId}/calendar-feed': {
    params: customerOf,
    access: { tenant: { anywhere: 'MANAGE_ATTENDANCE' } },
  },
  'GET /portal/profile': portalOperation,
  'PUT /portal/profile': portalOperation,
  'GET /portal/whatsapp-consent': portalOperation,
  'PUT /portal/whatsapp-consent': portalOperation,
  'GET /portal/postal-codes/{cep}': portalOperation,
  'GET /portal/calendar-feed': portalOperation,
  'PUT /portal/calendar-feed': portalOperation,
  'DELETE /portal/calendar-feed': portalOperation,
  'GET /portal/calendar/{feed}': {
    access: { caller: 'writes', why: "the feed's own token is the key (calendar-feed.test.ts)" },
    noStore: true,
  },
};
