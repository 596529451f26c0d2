import { z } from '@hono/zod-openapi';
import {
  PaymentReceipt,
  PortalCharge,
  PortalChargeInput,
  PortalPayments,
} from '@reformer/domain/portal-payments';
import type { Context } from 'hono';
import { type AppEnv, createRouter } from '../../lib/http.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { cookieOf, depsOf, portalRoute, signedOut } from './portal-http.ts';
import * as service from './portal-payments.service.ts';

/** "Pay" in the customer portal (decision 042): dues with their PIX code, charges' states, payments, receipts. */
const route = portalRoute;
const TxidParams = z.object({ txid: z.string().max(35) });
const PaymentParams = z.object({ paymentId: z.string().max(100) });

const paymentDepsOf = (c: Context<AppEnv>): service.PortalPaymentDeps => ({
  ...depsOf(c),
  secretBox: c.get('deps').secretBox,
  gateway: c.get('deps').pixPsp,
});

const payments = route({
  method: 'get',
  path: '/portal/payments',
  summary:
    'What the customer owes now (cycles due or overdue, packs unpaid) with how each is paid, and their payments, newest first',
  responses: { 200: jsonResponse(PortalPayments, 'Dues and payments'), ...signedOut },
});

const openCharge = route({
  method: 'post',
  path: '/portal/payments/charges',
  summary:
    "The PSP's PIX charge of a cycle or pack the customer owes: the open one, else put now (one per cycle or pack, however many requests)",
  request: { body: jsonBody(PortalChargeInput) },
  responses: {
    200: jsonResponse(PortalCharge, 'The charge'),
    ...signedOut,
    404: errorResponse('PORTAL_DUE_NOT_FOUND: nothing owed for it now (or not theirs)'),
    409: errorResponse(
      'PORTAL_PAY_NOT_BY_PSP: no PSP, no CPF on file, or not in reais — the static code pays it',
    ),
    503: errorResponse('PSP_REQUEST_FAILED: the PSP could not be reached or failed; nothing changed'),
  },
});

const charge = route({
  method: 'get',
  path: '/portal/payments/charges/{txid}',
  summary:
    "One of the customer's charges: whether the bank has confirmed it (the page asks while it is open)",
  request: { params: TxidParams },
  responses: {
    200: jsonResponse(PortalCharge, 'The charge'),
    ...signedOut,
    404: errorResponse('PIX_CHARGE_NOT_FOUND (another customer’s too)'),
  },
});

const receipt = route({
  method: 'get',
  path: '/portal/payments/{paymentId}/receipt',
  summary: "The receipt of one of the customer's payments",
  request: { params: PaymentParams },
  responses: {
    200: jsonResponse(PaymentReceipt, 'The receipt'),
    ...signedOut,
    404: errorResponse('PAYMENT_NOT_FOUND (another customer’s, or one that received no money)'),
  },
});

export const portalPaymentsRoutes = createRouter()
  .openapi(payments, async (c) => c.json(await service.viewPayments(depsOf(c), cookieOf(c)), 200))
  .openapi(openCharge, async (c) =>
    c.json(await service.openCharge(paymentDepsOf(c), cookieOf(c), c.req.valid('json')), 200),
  )
  .openapi(charge, async (c) =>
    c.json(await service.viewCharge(depsOf(c), cookieOf(c), c.req.valid('param').txid), 200),
  )
  .openapi(receipt, async (c) =>
    c.json(await service.viewReceipt(depsOf(c), cookieOf(c), c.req.valid('param').paymentId), 200),
  );
