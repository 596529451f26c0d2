import { createRoute, z } from '@hono/zod-openapi';
import { ClassLinkCreated, ClassLinkStatus } from '@reformer/domain/class-links';
import { PortalSessionList } from '@reformer/domain/portal';
import type { Context } from 'hono';
import { requireActionAnywhere, requireMembership } from '../../auth/access.ts';
import { clientIp } from '../../lib/client-ip.ts';
import { type AppEnv, createRouter } from '../../lib/http.ts';
import { bearerSecurity, jsonResponse, OrgIdParam, standardErrors } from '../../lib/openapi.ts';
import * as service from './class-links.service.ts';

/**
 * A customer's class link, staff's side (decision 025): seen with VIEW_CUSTOMERS anywhere, made and revoked
 * with MANAGE_ATTENDANCE anywhere (what the link hands the customer is the cancellation of their own
 * places, an attendance change, at any establishment). Making one takes `Idempotency-Key`, like every POST.
 */
const tags = ['Class links'];
const CustomerParams = OrgIdParam.extend({ customerId: z.string() });
const path = '/organizations/{orgId}/customers/{customerId}/class-link';
const manage = [requireMembership, requireActionAnywhere('MANAGE_ATTENDANCE')];

const read = createRoute({
  method: 'get',
  path,
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requireActionAnywhere('VIEW_CUSTOMERS')],
  summary: "Whether the customer's class link is live, and since when (the link itself is shown once)",
  request: { params: CustomerParams },
  responses: { 200: jsonResponse(ClassLinkStatus, 'The status'), ...standardErrors },
});

const create = createRoute({
  method: 'post',
  path,
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary:
    'Make a new link and send it (e-mail to the outbox, WhatsApp link); the previous link stops opening',
  request: { params: CustomerParams },
  responses: { 201: jsonResponse(ClassLinkCreated, 'Made'), ...standardErrors },
});

const revoke = createRoute({
  method: 'delete',
  path,
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: "Revoke the customer's link: it no longer opens (answered the same when none was live)",
  request: { params: CustomerParams },
  responses: { 200: jsonResponse(ClassLinkStatus, 'Revoked'), ...standardErrors },
});

const sessionsPath = '/organizations/{orgId}/customers/{customerId}/portal-sessions';

const listPortalSessions = createRoute({
  method: 'get',
  path: sessionsPath,
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requireActionAnywhere('VIEW_CUSTOMERS')],
  summary: "The customer's portal sessions (each link exchange), newest first, live or ended (decision 039)",
  request: { params: CustomerParams },
  responses: { 200: jsonResponse(PortalSessionList, 'The sessions'), ...standardErrors },
});

const endPortalSession = createRoute({
  method: 'delete',
  path: `${sessionsPath}/{portalSessionId}`,
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'End one portal session of the customer (answered the same when it had ended already)',
  request: { params: CustomerParams.extend({ portalSessionId: z.string() }) },
  responses: { 200: jsonResponse(PortalSessionList, 'The sessions'), ...standardErrors },
});

const actorOf = (c: Context<AppEnv>): service.Actor => ({
  userId: c.get('userId'),
  ipAddress: clientIp(c),
  now: c.get('deps').now(),
  publicUrl: c.get('deps').publicUrl,
});

export const classLinksRoutes = createRouter()
  .openapi(read, async (c) => {
    const { customerId } = c.req.valid('param');
    return c.json(
      await service.getClassLinkStatus(c.get('deps').db, c.get('access'), customerId, c.get('deps').now()),
      200,
    );
  })
  .openapi(create, async (c) => {
    const { customerId } = c.req.valid('param');
    return c.json(
      await service.createClassLink(c.get('deps').db, c.get('access'), customerId, actorOf(c)),
      201,
    );
  })
  .openapi(revoke, async (c) => {
    const { customerId } = c.req.valid('param');
    return c.json(
      await service.revokeClassLink(c.get('deps').db, c.get('access'), customerId, actorOf(c)),
      200,
    );
  })
  .openapi(listPortalSessions, async (c) => {
    const { customerId } = c.req.valid('param');
    return c.json(
      await service.listPortalSessions(c.get('deps').db, c.get('access'), customerId, c.get('deps').now()),
      200,
    );
  })
  .openapi(endPortalSession, async (c) => {
    const { customerId, portalSessionId } = c.req.valid('param');
    const target = { customerId, portalSessionId };
    return c.json(await service.endPortalSession(c.get('deps').db, c.get('access'), target, actorOf(c)), 200);
  });
