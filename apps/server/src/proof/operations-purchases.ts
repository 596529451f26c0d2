import type { OperationTable } from './operation-table.ts';

const org = { orgId: 'organization' } as const;
const purchase = { ...org, purchaseId: 'purchase' } as const;

/**
 * Packs, single and trial classes sold (decision 029), written here from the contract: seeing them needs
 * VIEW_ENROLLMENTS anywhere, selling MANAGE_ENROLLMENTS anywhere (the front desk's actions, as enrolling);
 * a customer's own purchases VIEW_CUSTOMERS anywhere, as their make-up credits. Spending goes through the
 * attendance operations, paying through the payment operations.
 */
const view = { tenant: { anywhere: 'VIEW_ENROLLMENTS' } } as const;
const sell = { tenant: { anywhere: 'MANAGE_ENROLLMENTS' } } as const;

export const purchaseOperations: OperationTable = {
  'GET /organizations/{orgId}/purchases': {
    params: org,
    slots: [
      { in: 'query', at: 'customerId', kind: 'customer' },
      { in: 'query', at: 'planId', kind: 'packPlan' },
    ],
    access: view,
  },
  'POST /organizations/{orgId}/purchases': {
    params: org,
    // A pack, sold again to the same customer: packs have no once-per-customer rule.
    body: (ids) => ({ customerId: ids.customer, planId: ids.packPlan }),
    slots: [
      { in: 'body', at: 'customerId', kind: 'customer' },
      { in: 'body', at: 'planId', kind: 'packPlan' },
    ],
    access: sell,
  },
  'GET /organizations/{orgId}/purchases/expiring': {
    params: org,
    query: () => ({ days: '120' }),
    access: view,
  },
  'GET /organizations/{orgId}/purchases/plans': { params: org, access: sell },
  'GET /organizations/{orgId}/purchases/{purchaseId}': { params: purchase, access: view },
  'DELETE /organizations/{orgId}/purchases/{purchaseId}': { params: purchase, access: sell },
  'GET /organizations/{orgId}/customers/{customerId}/purchases': {
    params: { ...org, customerId: 'customer' },
    access: { tenant: { anywhere: 'VIEW_CUSTOMERS' } },
  },
};
