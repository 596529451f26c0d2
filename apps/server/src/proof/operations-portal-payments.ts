import type { OperationTable } from './operation-table.ts';

/**
 * "Pay" in the customer portal (decision 042): the portal's cookie is the key, never a member's bearer token,
 * so members are not probed on these (portal-payments.test.ts proves another customer's charge, cycle and
 * receipt answer 404). A payment's receipt for staff is read with VIEW_PAYMENTS at ORG scope, as the payment is.
 */
const portalOperation = {
  access: { caller: 'writes', why: "the customer portal's cookie is the key (portal-payments.test.ts)" },
  noStore: true,
} as const;

export const portalPaymentOperations: OperationTable = {
  'GET /portal/payments': portalOperation,
  'POST /portal/payments/charges': portalOperation,
  'GET /portal/payments/charges/{txid}': portalOperation,
  'GET /portal/payments/{paymentId}/receipt': portalOperation,
  'GET /organizations/{orgId}/payments/{paymentId}/receipt': {
    params: { orgId: 'organization', paymentId: 'payment' },
    access: { tenant: { org: 'VIEW_PAYMENTS' } },
  },
};
