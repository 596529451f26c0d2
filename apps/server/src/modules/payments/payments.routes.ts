import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '@reformer/domain/errors';
import {
  ApplyCreditInput,
  CustomerBilling,
  PayableCustomerList,
  PayableCustomerQuery,
  Payment,
  PaymentInput,
  PaymentList,
  PaymentListQuery,
  PaymentPlanList,
  RefundPaymentInput,
} from '@reformer/domain/payments';
import { can } from '@reformer/domain/permissions';
import { PixSettings, PixSettingsInput } from '@reformer/domain/pix';
import { PaymentReceipt } from '@reformer/domain/portal-payments';
import { createMiddleware } from 'hono/factory';
import { requireMembership, requirePermission } from '../../auth/access.ts';
import { actorOf } from '../../lib/audit.ts';
import { type AppEnv, createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonBody,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import { readPaymentReceipt } from './payment-receipts.ts';
import * as service from './payments.service.ts';

const tags = ['Payments'];
const PaymentParams = OrgIdParam.extend({ paymentId: z.string() });
const CustomerParams = OrgIdParam.extend({ customerId: z.string() });
// Payments are organization-wide (spec §6: VIEW/MANAGE_PAYMENTS at ORG scope: owner, administrator, accountant).
const view = [requireMembership, requirePermission('VIEW_PAYMENTS')];
const manage = [requireMembership, requirePermission('MANAGE_PAYMENTS')];
/** The payment screens show the PIX details; settings show them to those who may view settings. */
const viewPix = createMiddleware<AppEnv>(async (c, next) => {
  const { profile } = c.get('access');
  const isAllowed = (['VIEW_PAYMENTS', 'VIEW_SETTINGS'] as const).some((action) =>
    can(profile, action, { scope: 'ORG' }),
  );
  if (!isAllowed) throw new AppError('FORBIDDEN');
  await next();
});
const placement = errorResponse(
  'PAYMENT_CUSTOMER_NOT_ENROLLED when the customer has no enrollment; PAYMENT_CYCLE_PAID / PAYMENT_EXCEEDS_AMOUNT_DUE when part of a COMPLETED payment would not pay the cycle and `recordExcessAsCredit` is off (`details`: the cycle, its amount and what is paid); PAYMENT_CURRENCY_MISMATCH; PAYMENT_CREDIT_SPENT when an edit would take back credit already spent. ENROLLMENT_NOT_FOUND / PURCHASE_NOT_FOUND (404) when the enrollment or purchase is not theirs. A purchase (`purchaseId`) is paid once: its price is what it owes, with the same PAYMENT_CYCLE_PAID rule',
);

const list = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/payments',
  tags,
  security: bearerSecurity,
  middleware: view,
  summary: 'Paged payments (newest payment date first) with the totals per currency of everything filtered',
  request: { params: OrgIdParam, query: PaymentListQuery },
  responses: { 200: jsonResponse(PaymentList, 'A page of payments'), ...standardErrors },
});

const customers = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/payments/customers',
  tags,
  security: bearerSecurity,
  middleware: view,
  summary: 'Step 1 of a new payment: customers matching the search, with how many enrollments each has',
  request: { params: OrgIdParam, query: PayableCustomerQuery },
  responses: { 200: jsonResponse(PayableCustomerList, 'Customers'), ...standardErrors },
});

const plans = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/payments/plans',
  tags,
  security: bearerSecurity,
  middleware: view,
  summary: "The organization's plans by name, for the list's plan filter",
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(PaymentPlanList, 'Plans'), ...standardErrors },
});

const read = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/payments/{paymentId}',
  tags,
  security: bearerSecurity,
  middleware: view,
  request: { params: PaymentParams },
  responses: { 200: jsonResponse(Payment, 'The payment'), ...standardErrors },
});

const create = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/payments',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: "Record a payment for one billing cycle of one of the customer's enrollments (audited)",
  request: { params: OrgIdParam, body: jsonBody(PaymentInput) },
  responses: { 201: jsonResponse(Payment, 'Created'), ...standardErrors, 409: placement },
});

const update = createRoute({
  method: 'put',
  path: '/organizations/{orgId}/payments/{paymentId}',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'Change a payment (audited with the amounts before and after)',
  request: { params: PaymentParams, body: jsonBody(PaymentInput) },
  responses: { 200: jsonResponse(Payment, 'Updated'), ...standardErrors, 409: placement },
});

const refund = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/payments/{paymentId}/refund',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary:
    'Refund a COMPLETED payment, whole (no body) or in part: what went to credit comes back first, then its cycle reopens for the rest (audited)',
  request: { params: PaymentParams, body: { ...jsonBody(RefundPaymentInput), required: false } },
  responses: {
    200: jsonResponse(Payment, 'Refunded'),
    ...standardErrors,
    409: errorResponse(
      'PAYMENT_NOT_REFUNDABLE: only a COMPLETED payment not given back yet; PAYMENT_REFUND_TOO_LARGE (`details.refundableCents`)',
    ),
  },
});

const applyCredit = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/customers/{customerId}/billing/credit-applications',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: "The customer's credit pays what it can of one billing cycle (audited); answers the new billing",
  request: { params: CustomerParams, body: jsonBody(ApplyCreditInput) },
  responses: {
    200: jsonResponse(CustomerBilling, 'Applied'),
    ...standardErrors,
    409: errorResponse('CREDIT_BALANCE_EMPTY; PAYMENT_CYCLE_PAID when the cycle owes nothing'),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/organizations/{orgId}/payments/{paymentId}',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'Delete a payment (audited)',
  request: { params: PaymentParams },
  responses: { 204: { description: 'Deleted' }, ...standardErrors },
});

const receipt = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/payments/{paymentId}/receipt',
  tags,
  security: bearerSecurity,
  middleware: view,
  summary:
    "A payment's receipt (the same the customer opens in the portal); only a payment that received money has one",
  request: { params: PaymentParams },
  responses: { 200: jsonResponse(PaymentReceipt, 'The receipt'), ...standardErrors },
});

const billing = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customers/{customerId}/billing',
  tags,
  security: bearerSecurity,
  middleware: view,
  summary: "Each of the customer's enrollments with its billing cycles: paid, due, overdue, upcoming",
  request: { params: CustomerParams },
  responses: { 200: jsonResponse(CustomerBilling, 'Billing'), ...standardErrors },
});

const readPix = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/pix-settings',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, viewPix],
  summary: 'Where PIX payments go (VIEW_PAYMENTS or VIEW_SETTINGS)',
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(PixSettings, 'PIX settings'), ...standardErrors },
});

const updatePix = createRoute({
  method: 'put',
  path: '/organizations/{orgId}/pix-settings',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('MANAGE_SETTINGS')],
  summary: 'Set the PIX key and the merchant name and city the codes carry',
  request: { params: OrgIdParam, body: jsonBody(PixSettingsInput) },
  responses: { 200: jsonResponse(PixSettings, 'Saved'), ...standardErrors },
});

export const paymentsRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json(await service.listPayments(c.get('deps').db, c.get('access'), c.req.valid('query')), 200),
  )
  .openapi(customers, async (c) =>
    c.json(
      await service.searchPayableCustomers(c.get('deps').db, c.get('access'), c.req.valid('query')),
      200,
    ),
  )
  .openapi(plans, async (c) => c.json(await service.listPaymentPlans(c.get('deps').db, c.get('access')), 200))
  .openapi(read, async (c) =>
    c.json(await service.getPayment(c.get('deps').db, c.get('access'), c.req.valid('param').paymentId), 200),
  )
  .openapi(receipt, async (c) => {
    const { paymentId } = c.req.valid('param');
    return c.json(await readPaymentReceipt(c.get('deps').db, c.get('access').organizationId, paymentId), 200);
  })
  .openapi(create, async (c) => {
    const actor = actorOf(c);
    return c.json(
      await service.createPayment(c.get('deps').db, c.get('access'), c.req.valid('json'), actor),
      201,
    );
  })
  .openapi(update, async (c) => {
    const actor = actorOf(c);
    const { paymentId } = c.req.valid('param');
    const values = c.req.valid('json');
    return c.json(
      await service.updatePayment(c.get('deps').db, c.get('access'), paymentId, values, actor),
      200,
    );
  })
  .openapi(refund, async (c) => {
    const actor = actorOf(c);
    const { paymentId } = c.req.valid('param');
    // The body is optional: without one (the whole rest is refunded) the validator hands over nothing.
    const input = RefundPaymentInput.parse(c.req.valid('json') ?? {});
    return c.json(
      await service.refundPayment(c.get('deps').db, c.get('access'), paymentId, input, actor),
      200,
    );
  })
  .openapi(applyCredit, async (c) => {
    const actor = actorOf(c);
    const { customerId } = c.req.valid('param');
    const input = c.req.valid('json');
    return c.json(
      await service.applyCredit(c.get('deps').db, c.get('access'), customerId, input, actor),
      200,
    );
  })
  .openapi(remove, async (c) => {
    const actor = actorOf(c);
    await service.deletePayment(c.get('deps').db, c.get('access'), c.req.valid('param').paymentId, actor);
    return c.body(null, 204);
  })
  .openapi(billing, async (c) => {
    const { db, now } = c.get('deps');
    const { customerId } = c.req.valid('param');
    return c.json(await service.getCustomerBilling(db, c.get('access'), customerId, now()), 200);
  })
  .openapi(readPix, async (c) => c.json(await service.getPixSettings(c.get('deps').db, c.get('access')), 200))
  .openapi(updatePix, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await service.updatePixSettings(db, c.get('access'), c.req.valid('json'), now()), 200);
  });
