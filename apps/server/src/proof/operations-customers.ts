import type { OperationTable } from './operation-table.ts';
import { planBody } from './seed-objects.ts';

const org = { orgId: 'organization' } as const;
const customer = { ...org, customerId: 'customer' } as const;
const plan = { ...org, id: 'plan' } as const;
const manage = { tenant: { anywhere: 'MANAGE_CUSTOMERS' } } as const;
const managePlans = { tenant: { org: 'MANAGE_CUSTOMER_PLANS' } } as const;

/** Customers and customer plans. */
export const customerOperations: OperationTable = {
  // The search box gets the other tenant's customer name (and, at full scale, every id of theirs).
  'GET /organizations/{orgId}/customers': {
    params: org,
    query: () => ({ search: 'probe' }),
    slots: [{ in: 'query', at: 'search', kind: 'customerName' }],
    access: { tenant: { anywhere: 'VIEW_CUSTOMERS' } },
  },
  'POST /organizations/{orgId}/customers': {
    params: org,
    body: () => ({ firstName: 'Probe', lastName: 'Customer' }),
    access: manage,
  },
  // No search slot: an allowed export succeeds and writes its audit entry, which the digest would count.
  // The same search runs through the list above.
  'GET /organizations/{orgId}/customers/export': {
    params: org,
    query: () => ({ language: 'en_US' }),
    access: { tenant: { org: 'EXPORT_CUSTOMERS' } },
    auditedRead: { failingQuery: { language: 'xx' } },
    noStore: true,
  },
  'GET /organizations/{orgId}/customers/{customerId}': {
    params: customer,
    access: { tenant: { anywhere: 'VIEW_CUSTOMERS' } },
  },
  'PUT /organizations/{orgId}/customers/{customerId}': {
    params: customer,
    body: () => ({ firstName: 'Renamed', lastName: 'Customer' }),
    access: manage,
  },
  'DELETE /organizations/{orgId}/customers/{customerId}': { params: customer, access: manage },
  'POST /organizations/{orgId}/customers/{customerId}/purge': { params: customer, access: manage },
  // A customer's whole record (decision 021): each part's action at ORG scope. An allowed export succeeds and
  // writes its audit entries, which the digest leaves out as a member's own audited read (`tenantDigest`).
  'GET /organizations/{orgId}/customers/{customerId}/data-export': {
    params: customer,
    access: {
      tenant: {
        everyOrg: [
          'MANAGE_CUSTOMERS',
          'EXPORT_CUSTOMERS',
          'VIEW_ENROLLMENTS',
          'VIEW_ATTENDANCE',
          'VIEW_PAYMENTS',
          'VIEW_MEDICAL_RECORDS',
        ],
      },
    },
    noStore: true,
  },

  'GET /organizations/{orgId}/customer-plans': {
    params: org,
    access: { tenant: { org: 'VIEW_CUSTOMER_PLANS' } },
  },
  'POST /organizations/{orgId}/customer-plans': {
    params: org,
    body: () => planBody('Probe plan'),
    access: managePlans,
  },
  'PUT /organizations/{orgId}/customer-plans/{id}': {
    params: plan,
    body: () => planBody('Renamed plan'),
    access: managePlans,
  },
  'DELETE /organizations/{orgId}/customer-plans/{id}': { params: plan, access: managePlans },
  'PUT /organizations/{orgId}/customer-plans/{id}/active': {
    params: plan,
    body: () => ({ isActive: false }),
    access: managePlans,
  },
};
