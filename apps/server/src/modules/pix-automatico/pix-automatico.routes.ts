import { createRoute, z } from '@hono/zod-openapi';
import {
  PixRecurrence,
  RecurrenceWebhookBody,
  StartPixAutomaticoInput,
} from '@reformer/domain/pix-automatico';
import { RecurringChargeWebhookBody } from '@reformer/domain/pix-automatico-charges';
import { EnrollmentPixAutomaticoView } from '@reformer/domain/pix-automatico-views';
import type { Context } from 'hono';
import { requireMembership, requirePermission } from '../../auth/access.ts';
import { pixWebhookBaseUrl } from '../../env.ts';
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
import * as service from './pix-automatico.service.ts';
import { receiveRecurrenceWebhook } from './recurrence-webhook.ts';
import { receiveRecurringChargeWebhook } from './recurring-charge-notices.ts';
import { readStartAvailability } from './start-availability.ts';

/**
 * Pix Automático of an enrollment (decision 048): started (its composite QR authorizes and pays the first
 * cycle) and cancelled by who manages billing, read by who sees payments.
 */
const tags = ['Pix Automático'];
const EnrollmentParams = OrgIdParam.extend({ enrollmentId: z.string() });
const path = '/organizations/{orgId}/enrollments/{enrollmentId}/pix-automatico';
const manageBilling = [requireMembership, requirePermission('MANAGE_BILLING')];
const pspFailure = errorResponse(
  'PSP_REQUEST_FAILED: the PSP could not be reached or failed (`details.failure`); nothing changed',
);

const depsOf = (c: Context<AppEnv>): service.PixAutomaticoDeps => ({
  db: c.get('deps').db,
  secretBox: c.get('deps').secretBox,
  gateway: c.get('deps').pixPsp,
  webhookBaseUrl: pixWebhookBaseUrl(c.get('deps').env),
});

const start = createRoute({
  method: 'post',
  path,
  tags,
  security: bearerSecurity,
  middleware: manageBilling,
  summary:
    "Start Pix Automático for an ACTIVE enrollment: the QR's copy-paste code authorizes it and pays the first cycle owed (Jornada 3); with `payerBank`, the request is also pushed to the payer's bank (audited)",
  request: { params: EnrollmentParams, body: jsonBody(StartPixAutomaticoInput) },
  responses: {
    201: jsonResponse(PixRecurrence, 'Created, waiting for the payer'),
    ...standardErrors,
    404: errorResponse('ENROLLMENT_NOT_FOUND'),
    409: errorResponse(
      'PIX_AUTOMATICO_UNAVAILABLE (`details.reason`); PIX_AUTOMATICO_ENROLLMENT_NOT_ACTIVE; PIX_AUTOMATICO_PAYER_MISSING; PIX_AUTOMATICO_EXISTS; PIX_AUTOMATICO_NO_CYCLE; PSP_SECRETS_KEY_MISSING',
    ),
    503: pspFailure,
  },
});

const read = createRoute({
  method: 'get',
  path,
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('VIEW_PAYMENTS')],
  summary:
    "The enrollment's latest Pix Automático (state, QR copy-paste code while waiting), or null; `startAvailability` says whether the organization may start one (a CNPJ receiver) and why not",
  request: { params: EnrollmentParams },
  responses: {
    200: jsonResponse(EnrollmentPixAutomaticoView, 'The recurrence'),
    ...standardErrors,
    404: errorResponse('ENROLLMENT_NOT_FOUND'),
  },
});

const cancel = createRoute({
  method: 'post',
  path: `${path}/cancel`,
  tags,
  security: bearerSecurity,
  middleware: manageBilling,
  summary: "Cancel the enrollment's Pix Automático at the PSP; its open charges end with it (audited)",
  request: { params: EnrollmentParams },
  responses: {
    200: jsonResponse(PixRecurrence, 'Cancelled (or ended by the payer meanwhile)'),
    ...standardErrors,
    404: errorResponse('ENROLLMENT_NOT_FOUND; PIX_AUTOMATICO_NOT_FOUND'),
    409: errorResponse('PIX_AUTOMATICO_CLOSED; PSP_SECRETS_KEY_MISSING'),
    503: pspFailure,
  },
});

const webhook = createRoute({
  method: 'post',
  path: '/pix-webhooks/{orgId}/{secret}/rec',
  tags,
  summary:
    "The PSP's recurrence webhook (API Pix `WebhookRecBody`): each recurrence moved forward only, a repeat changing nothing",
  request: {
    params: z.object({ orgId: z.string().max(100), secret: z.string().max(200) }),
    body: jsonBody(RecurrenceWebhookBody),
  },
  responses: {
    200: jsonResponse(z.object({ applied: z.number().int() }), 'Applied (each change once)'),
    400: errorResponse('VALIDATION_FAILED: not an API Pix recurrence webhook body'),
    404: errorResponse('NOT_FOUND: no such organization or secret'),
  },
});

const chargeWebhook = createRoute({
  method: 'post',
  path: '/pix-webhooks/{orgId}/{secret}/cobr',
  tags,
  summary:
    "The PSP's recurring charge webhook (API Pix `WebhookCobRBody`): each charge moved forward only; a paid debit pays its cycle once, a failed one is retried or falls back to a dynamic charge",
  request: {
    params: z.object({ orgId: z.string().max(100), secret: z.string().max(200) }),
    body: jsonBody(RecurringChargeWebhookBody),
  },
  responses: {
    200: jsonResponse(z.object({ applied: z.number().int() }), 'Applied (each change once)'),
    400: errorResponse('VALIDATION_FAILED: not an API Pix recurring charge webhook body'),
    404: errorResponse('NOT_FOUND: no such organization or secret'),
    503: pspFailure,
  },
});

export const pixAutomaticoRoutes = createRouter()
  .openapi(start, async (c) => {
    const { enrollmentId } = c.req.valid('param');
    const input = c.req.valid('json');
    return c.json(
      await service.startRecurrence(depsOf(c), c.get('access'), enrollmentId, input, actorOf(c)),
      201,
    );
  })
  .openapi(read, async (c) => {
    const { enrollmentId } = c.req.valid('param');
    const read = await service.getRecurrence(depsOf(c), c.get('access'), enrollmentId);
    const startAvailability = await readStartAvailability(c.get('deps').db, c.get('access'), enrollmentId);
    return c.json({ ...read, startAvailability }, 200);
  })
  .openapi(cancel, async (c) =>
    c.json(
      await service.cancelRecurrence(
        depsOf(c),
        c.get('access'),
        c.req.valid('param').enrollmentId,
        actorOf(c),
      ),
      200,
    ),
  )
  .openapi(webhook, async (c) => {
    const { orgId, secret } = c.req.valid('param');
    const { recs } = c.req.valid('json');
    const { db, secretBox, pixPsp, now } = c.get('deps');
    const deps = { db, secretBox, gateway: pixPsp };
    return c.json(await receiveRecurrenceWebhook(deps, orgId, secret, recs, now()), 200);
  })
  .openapi(chargeWebhook, async (c) => {
    const { orgId, secret } = c.req.valid('param');
    const { cobsr } = c.req.valid('json');
    const { db, secretBox, pixPsp, now } = c.get('deps');
    const deps = { db, secretBox, gateway: pixPsp };
    return c.json(await receiveRecurringChargeWebhook(deps, orgId, secret, cobsr, now()), 200);
  });
