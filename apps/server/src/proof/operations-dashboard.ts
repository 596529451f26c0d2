import type { OperationTable } from './operation-table.ts';

/**
 * The organization's home (docs/decisions/020): any member reads it; the service leaves out the parts their
 * permissions do not reach, so there is no middleware check beyond membership and no object in the path.
 * The customers with credit, the list its credit figure opens, are payments' money: VIEW_PAYMENTS
 * organization-wide, as the payments list.
 */
export const dashboardOperations: OperationTable = {
  'GET /organizations/{orgId}/dashboard': { params: { orgId: 'organization' }, access: { tenant: 'member' } },
  'GET /organizations/{orgId}/customer-credits': {
    params: { orgId: 'organization' },
    access: { tenant: { org: 'VIEW_PAYMENTS' } },
  },
  // Pix Automático ended by the payer (decision 048): money's news, as the payments list; a foreign customer
  // in the query names nothing of ours.
  'GET /organizations/{orgId}/dashboard/pix-automatico-endings': {
    params: { orgId: 'organization' },
    slots: [{ in: 'query', at: 'customerId', kind: 'rosterCustomer' }],
    access: { tenant: { org: 'VIEW_PAYMENTS' } },
  },
};
