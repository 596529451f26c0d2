import type { OperationTable } from './operation-table.ts';

/**
 * The customers at risk (docs/decisions/022): written here from the contract, not imported from the route,
 * so the probe checks the code. Every action at organization scope, no object in the path.
 */
export const churnRiskOperations: OperationTable = {
  'GET /organizations/{orgId}/churn-risk': {
    params: { orgId: 'organization' },
    access: {
      tenant: { everyOrg: ['VIEW_CUSTOMERS', 'VIEW_PAYMENTS', 'VIEW_ATTENDANCE', 'VIEW_ENROLLMENTS'] },
    },
  },
};
