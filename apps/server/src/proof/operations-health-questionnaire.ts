import type { OperationTable } from './operation-table.ts';

const org = { orgId: 'organization' } as const;

/**
 * The health questionnaire (decision 044), written here from the contract: the studio's choice is read and
 * changed with MANAGE_MEDICAL_RECORDS anywhere; whether a customer's arrived (dates only) with VIEW_CUSTOMERS
 * anywhere. The portal's routes answer the customer's cookie only (health-questionnaire.test.ts proves
 * another customer's draft and another organization are 404).
 */
const portalOperation = {
  access: { caller: 'writes', why: "the customer portal's cookie is the key (health-questionnaire.test.ts)" },
  noStore: true,
} as const;

export const healthQuestionnaireOperations: OperationTable = {
  'GET /organizations/{orgId}/health-questionnaire/settings': {
    params: org,
    access: { tenant: { anywhere: 'MANAGE_MEDICAL_RECORDS' } },
  },
  'PUT /organizations/{orgId}/health-questionnaire/settings': {
    params: org,
    body: () => ({ kind: 'PAR_Q_PLUS' }),
    access: { tenant: { anywhere: 'MANAGE_MEDICAL_RECORDS' } },
  },
  'GET /organizations/{orgId}/customers/{customerId}/health-questionnaire': {
    params: { ...org, customerId: 'customer' },
    access: { tenant: { anywhere: 'VIEW_CUSTOMERS' } },
  },
  'GET /portal/health-questionnaire': portalOperation,
  'POST /portal/health-questionnaire/consent': portalOperation,
  'POST /portal/health-questionnaire/answers': portalOperation,
};
