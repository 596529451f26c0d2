import type { OperationTable } from './operation-table.ts';
import { portalOperation } from './operations-class-links.ts';

const org = { orgId: 'organization' } as const;

/**
 * The contract and consents (decision 043), written here from the contract: every member reads the studio's
 * terms, MANAGE_SETTINGS at the organization publishes a version, VIEW_CUSTOMERS anywhere reads a customer's
 * signatures and consents. The portal's routes answer the customer's cookie only (contracts.test.ts proves
 * another customer's signature and another organization's customer answer 404).
 */
export const contractOperations: OperationTable = {
  'GET /organizations/{orgId}/contract-versions': { params: org, access: { tenant: 'member' } },
  'POST /organizations/{orgId}/contract-versions': {
    params: org,
    body: () => ({ text: 'Contrato de prestação de serviços.' }),
    access: { tenant: { org: 'MANAGE_SETTINGS' } },
  },
  'GET /organizations/{orgId}/customers/{customerId}/contract': {
    params: { orgId: 'organization', customerId: 'customer' },
    access: { tenant: { anywhere: 'VIEW_CUSTOMERS' } },
  },
  'GET /portal/contract': portalOperation,
  'POST /portal/contract/signatures': portalOperation,
  'POST /portal/contract/signatures/{signatureId}/withdrawal': portalOperation,
  'PUT /portal/consents/{kind}': portalOperation,
};
