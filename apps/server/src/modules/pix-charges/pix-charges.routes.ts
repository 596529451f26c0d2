import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '@reformer/domain/errors';
import { RefundPaymentInput } from '@reformer/domain/payments';
import {
  CustomerPixCharges,
  PixSandboxAvailability,
  PixWebhookBody,
  PixWebhookRegistration,
  RegisterPixWebhookInput,
} from '@reformer/domain/pix-charges';
import { PspConnectionInput, PspSettings } from '@reformer/domain/pix-psp';
import type { Context } from 'hono';
import { requireMembership, requirePermission } from '../../auth/access.ts';
import { pixWebhookBaseUrl } from '../../env.ts';
import { actorOf } from '../../lib/audit.ts';
import { type AppEnv, afterCommit, createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonBody,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import { savePspConnection } from '../pix-psp/pix-psp.service.ts';
import * as service from './pix-charges.service.ts';
import { followRefundAfterCommit, requestPixRefund } from './pix-refunds.ts';
import { openPspClient } from './psp-client.ts';

/**
 * PIX charges at the studio's PSP (decision 030): the customer's charges (who sees the customer's billing), the
 * refund of a Pix through the PSP (who refunds payments), the webhook's registration (who configures the PSP),
 * and the PSP's webhook itself — public, proven by the secret in its path.
 */
const tags = ['PIX charges'];
const CustomerParams = OrgIdParam.extend({ customerId: z.string() });
const PaymentParams = OrgIdParam.extend({ paymentId: z.string() });
const pspFailure = errorResponse(
  'PSP_REQUEST_FAILED: the PSP could not be reached or failed (`details.failure`); nothing changed',
);

const depsOf = (c: Context<AppEnv>): service.PixDeps => ({
  db: c.get('deps').db,
  secretBox: c.get('deps').secretBox,
  gateway: c.get('deps').pixPsp,
  webhookBaseUrl: pixWebhookBaseUrl(c.get('deps').env),
});

const customerCharges = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customers/{customerId}/pix-charges',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('VIEW_PAYMENTS')],
  summary: "The customer's PIX charges at the PSP (copy-paste code, status), and whether a CPF is missing",
  request: { params: CustomerParams },
  responses: { 200: jsonResponse(CustomerPixCharges, 'Charges'), ...standardErrors },
});

const refund = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/payments/{paymentId}/pix-refunds',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('MANAGE_PAYMENTS')],
  summary:
    'Refund a Pix the PSP reported, whole (no body) or in part, through the PSP; the payment gives the money back when the PSP settles it (audited)',
  request: { params: PaymentParams, body: { ...jsonBody(RefundPaymentInput), required: false } },
  responses: {
    202: jsonResponse(
      z.object({ refundId: z.string(), amountCents: z.number().int() }),
      'Asked of the PSP; settled when it says DEVOLVIDO',
    ),
    ...standardErrors,
    409: errorResponse(
      'PIX_REFUND_NOT_PSP_PAYMENT; PIX_REFUND_WINDOW_CLOSED (90 days); PAYMENT_NOT_REFUNDABLE; PAYMENT_REFUND_TOO_LARGE; PIX_REFUND_REFUSED (`details.reason`)',
    ),
    503: pspFailure,
  },
});

const manageBilling = [requireMembership, requirePermission('MANAGE_BILLING')];
const webhookPath = '/organizations/{orgId}/pix-psp/webhook';

const readWebhook = createRoute({
  method: 'get',
  path: webhookPath,
  tags,
  security: bearerSecurity,
  middleware: manageBilling,
  summary: "What the PSP has registered as the webhook for the studio's PIX key, and whether it is ours",
  request: { params: OrgIdParam },
  responses: {
    200: jsonResponse(PixWebhookRegistration, 'The registration'),
    ...standardErrors,
    409: errorResponse('PSP_SECRETS_KEY_MISSING'),
    503: pspFailure,
  },
});

const registerWebhook = createRoute({
  method: 'put',
  path: webhookPath,
  tags,
  security: bearerSecurity,
  middleware: manageBilling,
  summary:
    "Register Reformer's webhook for the studio's PIX key; another system's URL is replaced only when `replaceUrl` names it (audited)",
  request: { params: OrgIdParam, body: jsonBody(RegisterPixWebhookInput) },
  responses: {
    200: jsonResponse(PixWebhookRegistration, 'Registered'),
    ...standardErrors,
    409: errorResponse('PIX_WEBHOOK_TAKEN (`details.registeredUrl`); PSP_SECRETS_KEY_MISSING'),
    503: pspFailure,
  },
});

const issueNow = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/pix-psp/charges/issue',
  tags,
  security: bearerSecurity,
  middleware: manageBilling,
  summary:
    "Issue now the charges of the cycles due within the studio's days ahead (the job does it every 10 minutes); how many the PSP confirmed",
  request: { params: OrgIdParam },
  responses: {
    200: jsonResponse(z.object({ issued: z.number().int() }), 'Issued'),
    ...standardErrors,
    409: errorResponse('PSP_SECRETS_KEY_MISSING'),
    503: pspFailure,
  },
});

const sandboxAvailability = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/pix-psp/sandbox',
  tags,
  security: bearerSecurity,
  middleware: manageBilling,
  summary: "Whether this server runs the demo's local PSP (PIX_PSP=sandbox)",
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(PixSandboxAvailability, 'Availability'), ...standardErrors },
});

const connectSandbox = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/pix-psp/sandbox/connect',
  tags,
  security: bearerSecurity,
  middleware: manageBilling,
  summary: "The demo: saves the local PSP's connection as the studio's (audited, as any connection)",
  request: { params: OrgIdParam },
  responses: {
    200: jsonResponse(PspSettings, 'Connected'),
    ...standardErrors,
    404: errorResponse('PIX_SANDBOX_OFF: this server does not run the local PSP'),
    409: errorResponse('PSP_SECRETS_KEY_MISSING'),
  },
});

const simulatePayment = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/customers/{customerId}/pix-charges/{txid}/simulate-payment',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('MANAGE_PAYMENTS')],
  summary:
    'The demo (PIX_PSP=sandbox): the customer pays this charge in the local PSP, which posts its webhook as a bank would',
  request: { params: CustomerParams.extend({ txid: z.string().max(35) }) },
  responses: {
    202: { description: 'Paid at the local PSP; the webhook follows' },
    ...standardErrors,
    404: errorResponse('PIX_SANDBOX_OFF; PIX_CHARGE_NOT_FOUND'),
    409: errorResponse('PIX_CHARGE_NOT_OPEN'),
  },
});

const WebhookParams = z.object({ orgId: z.string().max(100), secret: z.string().max(200) });
const webhookAnswers = {
  200: jsonResponse(z.object({ paid: z.number().int() }), 'Recorded (each Pix once)'),
  400: errorResponse('VALIDATION_FAILED: not an API Pix webhook body'),
  404: errorResponse('NOT_FOUND: no such organization or secret'),
};

const webhook = createRoute({
  method: 'post',
  path: '/pix-webhooks/{orgId}/{secret}/pix',
  tags,
  summary: "The PSP's webhook (API Pix `WebhookPixBody`): the Pix received, each recorded once",
  request: { params: WebhookParams, body: jsonBody(PixWebhookBody) },
  responses: webhookAnswers,
});

const webhookCheck = createRoute({
  method: 'post',
  path: '/pix-webhooks/{orgId}/{secret}',
  tags,
  summary:
    'The call some PSPs make to the registered URL itself when it is registered: answered, nothing recorded',
  request: { params: WebhookParams },
  responses: webhookAnswers,
});

export const pixChargesRoutes = createRouter()
  .openapi(customerCharges, async (c) => {
    const { customerId } = c.req.valid('param');
    const { db, pixSandbox } = c.get('deps');
    return c.json(
      await service.getCustomerPixCharges(db, c.get('access'), customerId, pixSandbox !== null),
      200,
    );
  })
  .openapi(refund, async (c) => {
    const deps = depsOf(c);
    const organizationId = c.get('access').organizationId;
    const client = async () => (await openPspClient(deps, organizationId)).client;
    const { paymentId } = c.req.valid('param');
    // The body is optional: without one (the whole rest is refunded) the validator hands over nothing.
    const body = RefundPaymentInput.parse(c.req.valid('json') ?? {});
    const answer = await requestPixRefund(
      { db: deps.db, client },
      c.get('access'),
      paymentId,
      body.amountCents,
      actorOf(c),
    );
    // The PSP's notice may have come before this request's transaction commits, and found no refund of ours.
    afterCommit(c, (base) =>
      followRefundAfterCommit(
        { db: base.db, secretBox: base.secretBox, gateway: base.pixPsp, now: base.now, logger: base.logger },
        organizationId,
        answer.refundId,
      ),
    );
    return c.json(answer, 202);
  })
  .openapi(readWebhook, async (c) =>
    c.json(await service.getWebhookRegistration(depsOf(c), c.get('access')), 200),
  )
  .openapi(registerWebhook, async (c) =>
    c.json(await service.registerWebhook(depsOf(c), c.get('access'), c.req.valid('json'), actorOf(c)), 200),
  )
  .openapi(issueNow, async (c) =>
    c.json(await service.issueChargesNow(depsOf(c), c.get('access'), c.get('deps').now()), 200),
  )
  .openapi(sandboxAvailability, (c) => c.json({ isAvailable: c.get('deps').pixSandbox !== null }, 200))
  .openapi(connectSandbox, async (c) => {
    const { db, secretBox, pixSandbox } = c.get('deps');
    if (!pixSandbox) throw new AppError('PIX_SANDBOX_OFF');
    const input = PspConnectionInput.parse(pixSandbox.connection);
    return c.json(await savePspConnection(db, secretBox, c.get('access'), input, actorOf(c)), 200);
  })
  .openapi(simulatePayment, async (c) => {
    const { customerId, txid } = c.req.valid('param');
    const { db, pixSandbox } = c.get('deps');
    await service.simulatePayment(db, pixSandbox, c.get('access'), customerId, txid);
    return c.body(null, 202);
  })
  .openapi(webhook, async (c) => {
    const { orgId, secret } = c.req.valid('param');
    const { pix } = c.req.valid('json');
    return c.json(await service.receiveWebhook(depsOf(c), orgId, secret, pix, c.get('deps').now()), 200);
  })
  .openapi(webhookCheck, async (c) => {
    const { orgId, secret } = c.req.valid('param');
    return c.json(await service.receiveWebhook(depsOf(c), orgId, secret, null, c.get('deps').now()), 200);
  });
