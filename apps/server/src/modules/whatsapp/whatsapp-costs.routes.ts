import { createRoute } from '@hono/zod-openapi';
import { WhatsAppCosts, WhatsAppPricesInput } from '@reformer/domain/whatsapp-costs';
import { requireMembership, requirePermission } from '../../auth/access.ts';
import { actorOf, recordAudit } from '../../lib/audit.ts';
import { createRouter } from '../../lib/http.ts';
import { bearerSecurity, jsonBody, jsonResponse, OrgIdParam, standardErrors } from '../../lib/openapi.ts';
import { estimateWhatsAppCosts, saveWhatsAppPrices } from './whatsapp-costs.ts';

/**
 * Settings → Messages' monthly cost (decision 053): read by every member who reads settings, as the
 * connection it belongs to (decision 049). It names no customer.
 */
const readCosts = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/whatsapp/costs',
  tags: ['WhatsApp'],
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('VIEW_SETTINGS')],
  summary:
    "The WhatsApp messages of this month and the last by Meta's pricing category, their cost at Meta's Brazilian prices (US$, micro-dollars) and this month's projection",
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(WhatsAppCosts, 'The estimate'), ...standardErrors },
});

/** The prices the studio pays Meta, changed by who changes settings; the answer is the estimate at them. */
const writePrices = createRoute({
  method: 'put',
  path: '/organizations/{orgId}/whatsapp/costs',
  tags: ['WhatsApp'],
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('MANAGE_SETTINGS')],
  summary:
    "The studio's price per message of each category (US$, micro-dollars; null = Meta's Brazilian list price); answers the estimate at them",
  request: { params: OrgIdParam, body: jsonBody(WhatsAppPricesInput) },
  responses: { 200: jsonResponse(WhatsAppCosts, 'The estimate at the saved prices'), ...standardErrors },
});

export const whatsappCostsRoutes = createRouter()
  .openapi(readCosts, async (c) =>
    c.json(await estimateWhatsAppCosts(c.get('deps').db, c.get('access'), c.get('deps').now()), 200),
  )
  .openapi(writePrices, async (c) => {
    const prices = c.req.valid('json');
    const actor = actorOf(c);
    const estimate = await saveWhatsAppPrices(c.get('deps').db, c.get('access'), prices, actor.now);
    await recordAudit(c.get('deps').db, {
      organizationId: c.get('access').organizationId,
      actorId: actor.userId,
      action: 'whatsapp.prices_changed',
      entityType: 'whatsapp_prices',
      entityId: c.get('access').organizationId,
      ipAddress: actor.ipAddress,
      at: actor.now,
      details: prices,
    });
    return c.json(estimate, 200);
  });
