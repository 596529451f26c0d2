import { createRoute, z } from '@hono/zod-openapi';
import {
  CreatePurchaseInput,
  CustomerPurchaseList,
  ExpiringPurchases,
  ExpiringPurchasesQuery,
  PURCHASE_ACTIONS,
  PurchasablePlanList,
  Purchase,
  PurchaseList,
  PurchaseListQuery,
} from '@reformer/domain/purchases';
import { requireActionAnywhere, requireMembership } from '../../auth/access.ts';
import { createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonBody,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import * as service from './purchases.service.ts';

/**
 * Packs, single and trial classes sold to customers (decision 029). Their classes are spent through the
 * session routes (adding a customer with `usePurchase`) and they are paid through the payment routes.
 */
const tags = ['Purchases'];
const PurchaseParams = OrgIdParam.extend({ purchaseId: z.string() });
const view = [requireMembership, requireActionAnywhere(PURCHASE_ACTIONS.view)];
const sell = [requireMembership, requireActionAnywhere(PURCHASE_ACTIONS.sell)];

const list = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/purchases',
  tags,
  security: bearerSecurity,
  middleware: view,
  summary: 'Paged list of the plans sold (newest first), with balance, expiry and payment state',
  request: { params: OrgIdParam, query: PurchaseListQuery },
  responses: { 200: jsonResponse(PurchaseList, 'A page of purchases'), ...standardErrors },
});

const expiring = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/purchases/expiring',
  tags,
  security: bearerSecurity,
  middleware: view,
  summary: 'Purchases with classes left whose last day is within the next `days` days (today included)',
  request: { params: OrgIdParam, query: ExpiringPurchasesQuery },
  responses: { 200: jsonResponse(ExpiringPurchases, 'Soonest first'), ...standardErrors },
});

const plans = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/purchases/plans',
  tags,
  security: bearerSecurity,
  middleware: sell,
  summary: 'The active packs, single and trial classes that can be sold, for the sale form',
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(PurchasablePlanList, 'Plans by name'), ...standardErrors },
});

const ofCustomer = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customers/{customerId}/purchases',
  tags,
  security: bearerSecurity,
  // As a customer's make-up credits: whoever sees the customer, so the add-to-session dialog can show it.
  middleware: [requireMembership, requireActionAnywhere('VIEW_CUSTOMERS')],
  summary: "A customer's packs, single and trial classes, newest first, with balance, expiry and payment",
  request: { params: OrgIdParam.extend({ customerId: z.string() }) },
  responses: { 200: jsonResponse(CustomerPurchaseList, 'Their purchases'), ...standardErrors },
});

const read = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/purchases/{purchaseId}',
  tags,
  security: bearerSecurity,
  middleware: view,
  request: { params: PurchaseParams },
  responses: { 200: jsonResponse(Purchase, 'The purchase'), ...standardErrors },
});

const create = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/purchases',
  tags,
  security: bearerSecurity,
  middleware: sell,
  summary: "Sell a pack, single or trial class: the plan's classes, validity and price are fixed at the sale",
  request: { params: OrgIdParam, body: jsonBody(CreatePurchaseInput) },
  responses: {
    201: jsonResponse(Purchase, 'Sold'),
    ...standardErrors,
    409: errorResponse(
      'PLAN_NOT_PURCHASABLE (a recurring plan is enrolled in), PLAN_INACTIVE, PURCHASE_TRIAL_TAKEN (one trial class per customer)',
    ),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/organizations/{orgId}/purchases/{purchaseId}',
  tags,
  security: bearerSecurity,
  middleware: sell,
  summary: 'Undo a sale made by mistake, before any class is spent or payment recorded',
  request: { params: PurchaseParams },
  responses: {
    204: { description: 'Deleted' },
    ...standardErrors,
    409: errorResponse('PURCHASE_IN_USE: a class was spent or a payment recorded'),
  },
});

export const purchasesRoutes = createRouter()
  .openapi(list, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await service.listPurchases(db, c.get('access'), c.req.valid('query'), now()), 200);
  })
  .openapi(expiring, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await service.listExpiring(db, c.get('access'), c.req.valid('query').days, now()), 200);
  })
  .openapi(plans, async (c) =>
    c.json(await service.listPurchasablePlans(c.get('deps').db, c.get('access')), 200),
  )
  .openapi(ofCustomer, async (c) => {
    const { db, now } = c.get('deps');
    const { customerId } = c.req.valid('param');
    return c.json(await service.listCustomerPurchases(db, c.get('access'), customerId, now()), 200);
  })
  .openapi(read, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(
      await service.getPurchase(db, c.get('access'), c.req.valid('param').purchaseId, now()),
      200,
    );
  })
  .openapi(create, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await service.createPurchase(db, c.get('access'), c.req.valid('json'), now()), 201);
  })
  .openapi(remove, async (c) => {
    await service.deletePurchase(c.get('deps').db, c.get('access'), c.req.valid('param').purchaseId);
    return c.body(null, 204);
  });
