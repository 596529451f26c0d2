import type { Action } from '@reformer/domain/permissions';
import type { AtRule, OperationTable, Slot } from './operation-table.ts';
import type { Kind, TenantIds } from './seed.ts';
import { dateFromToday, enrollmentBody } from './seed-objects.ts';

const org = { orgId: 'organization' } as const;
const enrollment = { ...org, enrollmentId: 'enrollment' } as const;

/**
 * Written here from the contract, not imported from the service, so the probe checks the code instead of
 * repeating it. At its schedule's establishment an enrollment is seen with either action (else 404
 * ENROLLMENT_NOT_FOUND) and changed with MANAGE_ENROLLMENTS (else 403). The schedule an enrollment is made in
 * is seen with VIEW_SCHEDULES too (else 404 SCHEDULE_NOT_FOUND), and needs MANAGE_ENROLLMENTS there.
 */
const SEE: readonly Action[] = ['VIEW_ENROLLMENTS', 'MANAGE_ENROLLMENTS'];
const atEnrollment = (act: readonly Action[]): AtRule => ({ of: 'enrollment', seeWith: SEE, act });
const manage = {
  tenant: { anywhere: 'MANAGE_ENROLLMENTS' },
  at: atEnrollment(['MANAGE_ENROLLMENTS']),
} as const;

/** The ids the body names; `customer` is the kind of the customer it enrolls. */
const bodySlots = (customer: Kind): Slot[] => [
  { in: 'body', at: 'customerId', kind: customer },
  { in: 'body', at: 'planId', kind: 'plan' },
  { in: 'body', at: 'scheduleId', kind: 'schedule' },
];

// `customer` holds no enrollment, so as sent this succeeds (the seeded plan allows the daily class).
const newEnrollment = (ids: TenantIds) =>
  enrollmentBody({ customerId: ids.customer, planId: ids.plan, scheduleId: ids.schedule }, 'Probe');
// The seeded enrollment as it is, but for its notes.
const sameEnrollment = (ids: TenantIds) =>
  enrollmentBody({ customerId: ids.rosterCustomer, planId: ids.plan, scheduleId: ids.schedule }, 'Renamed');

/** Enrollments (issue #10). */
export const enrollmentOperations: OperationTable = {
  // The filters get the other tenant's ids: its own enrollment names all four.
  'GET /organizations/{orgId}/enrollments': {
    params: org,
    slots: [
      { in: 'query', at: 'customerId', kind: 'rosterCustomer' },
      { in: 'query', at: 'planId', kind: 'plan' },
      { in: 'query', at: 'scheduleId', kind: 'schedule' },
      { in: 'query', at: 'establishmentId', kind: 'establishment' },
    ],
    access: { tenant: { anywhere: 'VIEW_ENROLLMENTS' } },
  },
  // The schedule in the body decides: MANAGE_ENROLLMENTS elsewhere passes the middleware, then 404 here.
  'POST /organizations/{orgId}/enrollments': {
    params: org,
    body: newEnrollment,
    slots: bodySlots('customer'),
    access: {
      tenant: { anywhere: 'MANAGE_ENROLLMENTS' },
      at: { of: 'schedule', seeWith: [...SEE, 'VIEW_SCHEDULES'], act: ['MANAGE_ENROLLMENTS'] },
    },
  },
  'GET /organizations/{orgId}/enrollments/options': {
    params: org,
    query: () => ({ startDate: dateFromToday(30), endDate: dateFromToday(58) }),
    access: { tenant: { anywhere: 'VIEW_ENROLLMENTS' } },
  },
  'GET /organizations/{orgId}/enrollments/{enrollmentId}': {
    params: enrollment,
    access: { tenant: { anywhere: 'VIEW_ENROLLMENTS' }, at: atEnrollment(SEE) },
  },
  // The enrollment's check comes first; the schedule's (the same establishment) cannot refuse anyone after it.
  'PUT /organizations/{orgId}/enrollments/{enrollmentId}': {
    params: enrollment,
    body: sameEnrollment,
    slots: bodySlots('rosterCustomer'),
    access: manage,
  },
  'DELETE /organizations/{orgId}/enrollments/{enrollmentId}': { params: enrollment, access: manage },
  // A pause inside the enrollment's dates. The probe never lets an action through (phase (c) sends a bad body);
  // the fuzzer makes new objects after any batch that wrote, so a COMPLETE or CANCEL does not stay.
  'POST /organizations/{orgId}/enrollments/{enrollmentId}/actions': {
    params: enrollment,
    body: () => ({ action: 'PAUSE', from: dateFromToday(37), resumeOn: dateFromToday(44) }),
    access: manage,
  },
};
