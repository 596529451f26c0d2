import type { OperationTable } from './operation-table.ts';

const customerLink = { orgId: 'organization', customerId: 'customer' } as const;
const link = { token: 'classLinkToken' } as const;
const holder = (outsider: number, why: string) =>
  ({ token: { outsider, showsTenant: true, why: `the token is the capability: ${why}` } }) as const;

/**
 * A customer's class link (decision 025), written here from the contract: staff see whether it is live with
 * VIEW_CUSTOMERS anywhere, make and revoke it with MANAGE_ATTENDANCE anywhere (the first customer's, so the
 * roster customer's seeded link stays live). Its public operations answer whoever holds the token: the page,
 * and cancelling a place already canceled, which answers it again and writes nothing.
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
  'GET /my-classes/{token}': {
    params: link,
    access: holder(200, "whoever holds the link sees the customer's classes (opened without signing in)"),

    // The token is the key to a customer's data: no cache keeps an answer (issue #27).
    noStore: true,
  },
  'POST /my-classes/{token}/sessions/{sessionId}/cancel': {
    params: { ...link, sessionId: (ids) => ids.classLinkSession },
    access: holder(
      200,
      'the seeded place is canceled already: cancelling again answers the page, writes nothing',
    ),
    noStore: true,
  },
};
