import { createRoute } from '@hono/zod-openapi';
import { PspConnectionInput, PspConnectionTest, PspSettings } from '@reformer/domain/pix-psp';
import { requireMembership, requirePermission } from '../../auth/access.ts';
import { actorOf } from '../../lib/audit.ts';
import { createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonBody,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import * as service from './pix-psp.service.ts';
import { testPspConnection } from './pix-psp-connection.ts';

/**
 * Settings → Payments → PSP (decision 027): the organization's connection to its PSP's API Pix. Who decides
 * where the studio's money is collected holds MANAGE_BILLING (owner, administrator, accountant); who may see
 * the connection and, later, its charges, VIEW_BILLING. Secrets are never answered: only whether they are set.
 */
const tags = ['PIX PSP'];
const path = '/organizations/{orgId}/pix-psp';
const view = [requireMembership, requirePermission('VIEW_BILLING')];
const manage = [requireMembership, requirePermission('MANAGE_BILLING')];
const notConnected = errorResponse('PSP_CONNECTION_NOT_FOUND: the organization has no PSP connection');
const noKey = errorResponse(
  'PSP_SECRETS_KEY_MISSING: the server has no SECRETS_KEY; PSP_SECRETS_UNREADABLE: the stored secrets do not open with it',
);

const read = createRoute({
  method: 'get',
  path,
  tags,
  security: bearerSecurity,
  middleware: view,
  summary:
    'The PSP connection (secrets only as set or not, the certificate as its subject and expiry), or null',
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(PspSettings, 'The PSP settings'), ...standardErrors },
});

const save = createRoute({
  method: 'put',
  path,
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'Connect or change the PSP; a secret left out keeps the stored one (audited, never the secrets)',
  request: { params: OrgIdParam, body: jsonBody(PspConnectionInput) },
  responses: {
    200: jsonResponse(PspSettings, 'Saved'),
    ...standardErrors,
    400: errorResponse('VALIDATION_FAILED; PSP_CERTIFICATE_INVALID with `details.reason`'),
    409: noKey,
  },
});

const disconnect = createRoute({
  method: 'delete',
  path,
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary:
    'Disconnect the PSP: its credentials are deleted; the static BR Code and manual payments stay (audited)',
  request: { params: OrgIdParam },
  responses: { 204: { description: 'Disconnected' }, ...standardErrors, 404: notConnected },
});

const test = createRoute({
  method: 'post',
  path: `${path}/test-connection`,
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary:
    'Ask the PSP for a token (OAuth2 client credentials over mutual TLS); `failure` says what went wrong',
  request: { params: OrgIdParam },
  responses: {
    200: jsonResponse(PspConnectionTest, 'The outcome'),
    ...standardErrors,
    404: notConnected,
    409: noKey,
  },
});

const rotate = createRoute({
  method: 'post',
  path: `${path}/webhook-secret/rotate`,
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: "A new secret in the PSP's webhook URL; the old URL stops being accepted (audited)",
  request: { params: OrgIdParam },
  responses: {
    200: jsonResponse(PspSettings, 'Rotated'),
    ...standardErrors,
    404: notConnected,
    409: noKey,
  },
});

export const pixPspRoutes = createRouter()
  .openapi(read, async (c) => {
    const { db, secretBox } = c.get('deps');
    return c.json(await service.getPspSettings(db, secretBox, c.get('access')), 200);
  })
  .openapi(save, async (c) => {
    const { db, secretBox } = c.get('deps');
    const actor = actorOf(c);
    return c.json(
      await service.savePspConnection(db, secretBox, c.get('access'), c.req.valid('json'), actor),
      200,
    );
  })
  .openapi(disconnect, async (c) => {
    await service.disconnectPsp(c.get('deps').db, c.get('access'), actorOf(c));
    return c.body(null, 204);
  })
  .openapi(test, async (c) => {
    const { db, secretBox, pixPsp, now } = c.get('deps');
    return c.json(await testPspConnection(db, secretBox, pixPsp, c.get('access'), now()), 200);
  })
  .openapi(rotate, async (c) => {
    const { db, secretBox } = c.get('deps');
    return c.json(await service.rotateWebhookSecret(db, secretBox, c.get('access'), actorOf(c)), 200);
  });
