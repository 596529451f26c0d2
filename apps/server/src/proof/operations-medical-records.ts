import type { Mismatch, OperationTable } from './operation-table.ts';
import { medicalRecordBody } from './seed-objects.ts';

const org = { orgId: 'organization' } as const;
const chart = { ...org, customerId: 'customer' } as const;
const record = { ...chart, recordId: 'medicalRecord' } as const;

/**
 * Written here from the contract, not imported from the routes, so the probe checks the code instead of
 * repeating it. Customers belong to no establishment, so neither do their records: VIEW_MEDICAL_RECORDS at
 * any establishment (or ORG scope) reads every chart, MANAGE_MEDICAL_RECORDS anywhere writes them, and only
 * DELETE_MEDICAL_RECORDS at ORG scope (the owner) deletes one or reads the audit trail; no establishment check
 * after. Every answer, refusals included, is no-store (health data).
 */
const view = { tenant: { anywhere: 'VIEW_MEDICAL_RECORDS' } } as const;
const manage = { tenant: { anywhere: 'MANAGE_MEDICAL_RECORDS' } } as const;
const own = { tenant: { org: 'DELETE_MEDICAL_RECORDS' } } as const;

// The seeded record belongs to `customer`: under the tenant's other customer it is a 404 like a foreign one.
const underAnotherCustomer: Mismatch[] = [{ at: 'customerId', kind: 'rosterCustomer' }];

/** Medical records (issue #12). Reads are audited: see `tenantDigest` for the rows a member's read may add. */
export const medicalRecordOperations: OperationTable = {
  // The customer filter gets the other tenant's ids: its own record is its customer's.
  'GET /organizations/{orgId}/medical-records': {
    params: org,
    slots: [{ in: 'query', at: 'customerId', kind: 'customer' }],
    access: view,
    noStore: true,
  },
  'GET /organizations/{orgId}/customers/{customerId}/medical-records': {
    params: chart,
    access: view,
    noStore: true,
  },
  'POST /organizations/{orgId}/customers/{customerId}/medical-records': {
    params: chart,
    body: () => medicalRecordBody('Probe'),
    access: manage,
    noStore: true,
  },
  'GET /organizations/{orgId}/customers/{customerId}/medical-records/audit': {
    params: chart,
    access: own,
    noStore: true,
  },
  'GET /organizations/{orgId}/customers/{customerId}/medical-records/{recordId}': {
    params: record,
    mismatches: underAnotherCustomer,
    access: view,
    noStore: true,
  },
  // The seeded record's type (a type change is a 409), with another title.
  'PUT /organizations/{orgId}/customers/{customerId}/medical-records/{recordId}': {
    params: record,
    body: () => medicalRecordBody('Renamed'),
    mismatches: underAnotherCustomer,
    access: manage,
    noStore: true,
  },
  // The seeded record is no draft: a member allowed to accept gets 409 MEDICAL_RECORD_NOT_DRAFT, not a change.
  'POST /organizations/{orgId}/customers/{customerId}/medical-records/{recordId}/accept': {
    params: record,
    mismatches: underAnotherCustomer,
    access: manage,
    noStore: true,
  },
  // The probe never lets a delete through (phase (c) aims it at unknown ids); the fuzzer makes a new record
  // after any batch that wrote.
  'DELETE /organizations/{orgId}/customers/{customerId}/medical-records/{recordId}': {
    params: record,
    mismatches: underAnotherCustomer,
    access: own,
    noStore: true,
  },
};
