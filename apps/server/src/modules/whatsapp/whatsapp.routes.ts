import { createRoute, z } from '@hono/zod-openapi';
import {
  WhatsAppConnectionInput,
  WhatsAppMessage,
  WhatsAppSettings,
  WhatsAppTestMessageInput,
} from '@reformer/domain/whatsapp';
import { WhatsAppConsent, WhatsAppConsentInput } from '@reformer/domain/whatsapp-consent';
import { WhatsAppTemplates } from '@reformer/domain/whatsapp-templates';
import type { Context } from 'hono';
import { requireActionAnywhere, requireMembership, requirePermission } from '../../auth/access.ts';
import type { Transaction } from '../../db/client.ts';
import { whatsappWebhookBaseUrl } from '../../env.ts';
import { actorOf, recordAudit } from '../../lib/audit.ts';
import { type AppEnv, createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonBody,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import * as connection from './whatsapp-connection.ts';
import { getConsent, setConsent } from './whatsapp-consent.ts';
import { listTestMessages, sendTestMessage } from './whatsapp-messages.ts';
import { createTemplates, listTemplates } from './whatsapp-templates.ts';

/**
 * Settings → Messages (decision 049): the studio's WhatsApp Business number on Meta's Cloud API. It is an
 * organization setting: every member who reads settings sees it (VIEW_SETTINGS), who manages settings connects,
 * tests, registers the webhook, creates templates and disconnects (MANAGE_SETTINGS) — as the waitlist's and
 * the contract's settings. Secrets are never answered, logged or audited: only whether they are set.
 */
const tags = ['WhatsApp'];
const path = '/organizations/{orgId}/whatsapp';
const view = [requireMembership, requirePermission('VIEW_SETTINGS')];
const manage = [requireMembership, requirePermission('MANAGE_SETTINGS')];
const notConnected = errorResponse('WHATSAPP_CONNECTION_NOT_FOUND: no WhatsApp number is connected');
const refused = errorResponse(
  'WHATSAPP_REFUSED (`details.failure`): Meta refused; WHATSAPP_SECRETS_KEY_MISSING; WHATSAPP_SECRETS_UNREADABLE',
);
const unavailable = errorResponse(
  'WHATSAPP_UNAVAILABLE (`details.failure`): Meta could not be reached or failed',
);
const metaAnswers = { ...standardErrors, 404: notConnected, 409: refused, 503: unavailable };

const depsOf = (c: Context<AppEnv>) => {
  const { db, secretBox, whatsapp, env } = c.get('deps');
  return { db, secretBox, whatsapp, webhookBaseUrl: whatsappWebhookBaseUrl(env) };
};

async function audit(c: Context<AppEnv>, action: string, details: object) {
  const actor = actorOf(c);
  await recordAudit(c.get('deps').db, {
    organizationId: c.get('access').organizationId,
    actorId: actor.userId,
    action,
    entityType: 'whatsapp_connection',
    entityId: c.get('access').organizationId,
    ipAddress: actor.ipAddress,
    at: actor.now,
    details,
  });
}

const read = createRoute({
  method: 'get',
  path,
  tags,
  security: bearerSecurity,
  middleware: view,
  summary: 'The WhatsApp connection (secrets only as set or not), or null',
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(WhatsAppSettings, 'The settings'), ...standardErrors },
});

const save = createRoute({
  method: 'put',
  path,
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary:
    'Connect or change the number: Meta is asked for it with these credentials first; a secret left out keeps the stored one (audited, never the secrets)',
  request: { params: OrgIdParam, body: jsonBody(WhatsAppConnectionInput) },
  responses: {
    200: jsonResponse(WhatsAppSettings, 'Saved'),
    ...standardErrors,
    409: errorResponse(
      'WHATSAPP_REFUSED (`details.failure`): the number could not be checked with these credentials and address; WHATSAPP_SECRETS_KEY_MISSING',
    ),
  },
});

const disconnect = createRoute({
  method: 'delete',
  path,
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'Disconnect: the credentials are deleted; messages already sent stay listed (audited)',
  request: { params: OrgIdParam },
  responses: { 204: { description: 'Disconnected' }, ...standardErrors, 404: notConnected },
});

const registerWebhook = createRoute({
  method: 'post',
  path: `${path}/webhook-registration`,
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: "Point the business account's webhooks at Reformer (Meta's verification handshake first)",
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(WhatsAppSettings, 'Registered'), ...metaAnswers },
});

const TestMessages = z.object({ messages: z.array(WhatsAppMessage) });

const sendTest = createRoute({
  method: 'post',
  path: `${path}/test-messages`,
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: "Send Meta's sample template (hello_world) to a number; its delivery status follows by webhook",
  request: { params: OrgIdParam, body: jsonBody(WhatsAppTestMessageInput) },
  responses: { 201: jsonResponse(WhatsAppMessage, 'Accepted by Meta'), ...metaAnswers },
});

const listTests = createRoute({
  method: 'get',
  path: `${path}/test-messages`,
  tags,
  security: bearerSecurity,
  middleware: view,
  summary: 'The last test messages with their delivery status',
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(TestMessages, 'The test messages'), ...standardErrors },
});

const readTemplates = createRoute({
  method: 'get',
  path: `${path}/templates`,
  tags,
  security: bearerSecurity,
  middleware: view,
  summary:
    "Reformer's message templates with Meta's review status (approved, pending, rejected with the reason)",
  request: { params: OrgIdParam },
  responses: {
    200: jsonResponse(WhatsAppTemplates, 'The templates (none without a connection)'),
    ...standardErrors,
    409: refused,
    503: unavailable,
  },
});

const CreatedTemplates = WhatsAppTemplates.extend({ created: z.number().int() });

const makeTemplates = createRoute({
  method: 'post',
  path: `${path}/templates`,
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'Submit the templates the account lacks for Meta’s review; the ones there are left alone',
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(CreatedTemplates, 'Submitted'), ...metaAnswers },
});

const CustomerParams = OrgIdParam.extend({ customerId: z.string() });
const consentPath = '/organizations/{orgId}/customers/{customerId}/whatsapp-consent';

const readConsent = createRoute({
  method: 'get',
  path: consentPath,
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requireActionAnywhere('VIEW_CUSTOMERS')],
  summary: "The customer's WhatsApp opt-in (source and time) and their marketing consent (decision 043)",
  request: { params: CustomerParams },
  responses: { 200: jsonResponse(WhatsAppConsent, 'The consent'), ...standardErrors },
});

const writeConsent = createRoute({
  method: 'put',
  path: consentPath,
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requireActionAnywhere('MANAGE_CUSTOMERS')],
  summary: 'Record what the customer told staff about WhatsApp messages (source STAFF; audited)',
  request: { params: CustomerParams, body: jsonBody(WhatsAppConsentInput) },
  responses: { 200: jsonResponse(WhatsAppConsent, 'Recorded'), ...standardErrors },
});

export const whatsappRoutes = createRouter()
  .openapi(read, async (c) =>
    c.json(await connection.getSettings(depsOf(c), c.get('access').organizationId), 200),
  )
  .openapi(save, async (c) => {
    const { organizationId } = c.get('access');
    const saved = await connection.saveConnection(
      depsOf(c),
      organizationId,
      c.req.valid('json'),
      c.get('deps').now(),
    );
    await audit(c, saved.isNew ? 'whatsapp.connected' : 'whatsapp.updated', { changed: saved.changed });
    return c.json(saved.settings, 200);
  })
  .openapi(disconnect, async (c) => {
    await connection.disconnect(depsOf(c), c.get('access').organizationId);
    await audit(c, 'whatsapp.disconnected', {});
    return c.body(null, 204);
  })
  .openapi(registerWebhook, async (c) =>
    c.json(
      await connection.registerWebhook(depsOf(c), c.get('access').organizationId, c.get('deps').now()),
      200,
    ),
  )
  .openapi(sendTest, async (c) => {
    // Under requireMembership the request's db is its organization's transaction (auth/access.ts).
    const deps = { ...depsOf(c), db: c.get('deps').db as Transaction };
    const { to } = c.req.valid('json');
    return c.json(await sendTestMessage(deps, c.get('access').organizationId, to, c.get('deps').now()), 201);
  })
  .openapi(listTests, async (c) =>
    c.json({ messages: await listTestMessages(depsOf(c), c.get('access').organizationId) }, 200),
  )
  .openapi(readTemplates, async (c) =>
    c.json(await listTemplates(depsOf(c), c.get('access').organizationId), 200),
  )
  .openapi(makeTemplates, async (c) => {
    const answer = await createTemplates(depsOf(c), c.get('access').organizationId);
    await audit(c, 'whatsapp.templates_created', { created: answer.created });
    return c.json(answer, 200);
  })
  .openapi(readConsent, async (c) => {
    const { customerId } = c.req.valid('param');
    return c.json(await getConsent(c.get('deps').db, c.get('access').organizationId, customerId), 200);
  })
  .openapi(writeConsent, async (c) => {
    const { customerId } = c.req.valid('param');
    const { isOptedIn } = c.req.valid('json');
    const { db, now } = c.get('deps');
    const answer = await setConsent(db, c.get('access').organizationId, customerId, {
      isOptedIn,
      source: 'STAFF',
      now: now(),
    });
    const actor = actorOf(c);
    await recordAudit(db, {
      organizationId: c.get('access').organizationId,
      actorId: actor.userId,
      action: isOptedIn ? 'whatsapp.opted_in' : 'whatsapp.opted_out',
      entityType: 'customer',
      entityId: customerId,
      ipAddress: actor.ipAddress,
      at: actor.now,
      details: { source: 'STAFF' },
    });
    return c.json(answer, 200);
  });
