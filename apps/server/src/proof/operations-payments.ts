import type { OperationTable, Slot } from './operation-table.ts';
import type { TenantIds } from './seed.ts';
import { dateFromToday, paymentBody } from './seed-objects.ts';

const org = { orgId: 'organization' } as const;
const payment = { ...org, paymentId: 'payment' } as const;

/**
 * Written here from the contract, not imported from the routes, so the probe checks the code instead of
 * repeating it. Payments are organization-wide: reading them needs VIEW_PAYMENTS at ORG scope, changing them
 * MANAGE_PAYMENTS (else 403), with no establishment check after. The PIX details are read with either
 * VIEW_PAYMENTS or VIEW_SETTINGS and written with MANAGE_SETTINGS, all at ORG scope.
 */
const view = { tenant: { org: 'VIEW_PAYMENTS' } } as const;
const manage = { tenant: { org: 'MANAGE_PAYMENTS' } } as const;

/** The ids the body names: another tenant's customer or enrollment is a 404 like a missing one. */
const bodySlots: Slot[] = [
  { in: 'body', at: 'customerId', kind: 'rosterCustomer' },
  { in: 'body', at: 'enrollmentId', kind: 'enrollment' },
];

const paid = (ids: TenantIds) => ({ customerId: ids.rosterCustomer, enrollmentId: ids.enrollment });
// As sent this succeeds: the seeded enrollment's next unpaid cycle.
const newPayment = (ids: TenantIds) => paymentBody(paid(ids), null, 'Probe');
// The seeded payment as it is (its cycle named: the enrollment's first, days 30 on), but for its notes.
const samePayment = (ids: TenantIds) => paymentBody(paid(ids), dateFromToday(30), 'Renamed');

/** Payments and the PIX details (issue #11). */
export const paymentOperations: OperationTable = {
  // The filters get the other tenant's ids: its own payment names both.
  'GET /organizations/{orgId}/payments': {
    params: org,
    slots: [
      { in: 'query', at: 'customerId', kind: 'rosterCustomer' },
      { in: 'query', at: 'planId', kind: 'plan' },
    ],
    access: view,
  },
  'POST /organizations/{orgId}/payments': {
    params: org,
    body: newPayment,
    slots: bodySlots,
    access: manage,
  },
  // The search box gets the other tenant's customer name, as the customer list does.
  'GET /organizations/{orgId}/payments/customers': {
    params: org,
    query: () => ({ search: 'probe' }),
    slots: [{ in: 'query', at: 'search', kind: 'customerName' }],
    access: view,
  },
  'GET /organizations/{orgId}/payments/plans': { params: org, access: view },
  'GET /organizations/{orgId}/payments/{paymentId}': { params: payment, access: view },
  'PUT /organizations/{orgId}/payments/{paymentId}': {
    params: payment,
    body: samePayment,
    slots: bodySlots,
    access: manage,
  },
  // The probe never lets a refund or a delete through (phase (c) aims them at unknown ids); the fuzzer
  // makes a new payment after any batch that wrote, so a refunded or deleted one does not stay.
  'DELETE /organizations/{orgId}/payments/{paymentId}': { params: payment, access: manage },
  'POST /organizations/{orgId}/payments/{paymentId}/refund': { params: payment, access: manage },
  // The customer with the seeded enrollment and payment, so the answer has cycles to show.
  'GET /organizations/{orgId}/customers/{customerId}/billing': {
    params: { ...org, customerId: 'rosterCustomer' },
    access: view,
  },
  // As sent the seeded customer has no credit (409 CREDIT_BALANCE_EMPTY or PAYMENT_CYCLE_PAID): what the probe
  // tests is who gets past authorization, and that another tenant's enrollment is a 404.
  'POST /organizations/{orgId}/customers/{customerId}/billing/credit-applications': {
    params: { ...org, customerId: 'rosterCustomer' },
    body: (ids) => ({ enrollmentId: ids.enrollment, cycleStart: dateFromToday(30) }),
    slots: [{ in: 'body', at: 'enrollmentId', kind: 'enrollment' }],
    access: manage,
  },
  'GET /organizations/{orgId}/pix-settings': {
    params: org,
    access: { tenant: { org: ['VIEW_PAYMENTS', 'VIEW_SETTINGS'] } },
  },
  // Values other than the seeded ones, so a write let through changes the row even if its time did not.
  'PUT /organizations/{orgId}/pix-settings': {
    params: org,
    body: () => ({ pixKey: '+5511987654321', pixMerchantName: 'Probe', pixMerchantCity: 'Recife' }),
    access: { tenant: { org: 'MANAGE_SETTINGS' } },
  },
};
