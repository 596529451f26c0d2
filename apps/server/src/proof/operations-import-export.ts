import type { OperationTable } from './operation-table.ts';

const org = { orgId: 'organization' } as const;
const importing = { tenant: { org: 'IMPORT_CUSTOMERS' } } as const;
// An allowed export succeeds and writes its audit entry, which the digest would count: members allowed to
// make it get a failing query instead.
// Every answer, refusals included, is no-store: the file holds customers' data (issue #27).
const audited = {
  query: () => ({ language: 'en_US' }),
  auditedRead: { failingQuery: { language: 'xx' } },
  noStore: true,
} as const;

/**
 * The customer import and the exports (issue #14), written from the contract. The import's calls take a
 * multipart upload, not a JSON body: the probes call them without one (the middleware answers first for
 * outsiders and members lacking the action) and the fuzzer sends generated files.
 */
export const importExportOperations: OperationTable = {
  'POST /organizations/{orgId}/customers/import/analyze': { params: org, access: importing },
  'POST /organizations/{orgId}/customers/import/validate': { params: org, access: importing },
  'POST /organizations/{orgId}/customers/import': { params: org, access: importing },
  'GET /organizations/{orgId}/exports/plans': {
    params: org,
    ...audited,
    access: { tenant: { org: 'EXPORT_CUSTOMERS', alsoOrg: 'VIEW_CUSTOMER_PLANS' } },
  },
  'GET /organizations/{orgId}/exports/enrollments': {
    params: org,
    ...audited,
    access: { tenant: { org: 'EXPORT_CUSTOMERS', alsoOrg: 'VIEW_ENROLLMENTS' } },
  },
  'GET /organizations/{orgId}/exports/payments': {
    params: org,
    ...audited,
    access: { tenant: { org: 'VIEW_PAYMENTS', alsoOrg: ['EXPORT_CUSTOMERS', 'EXPORT_REPORTS'] } },
  },
};
