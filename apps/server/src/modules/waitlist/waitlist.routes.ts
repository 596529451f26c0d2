import { createRoute, z } from '@hono/zod-openapi';
import {
  AddToWaitlistInput,
  ReorderWaitlistInput,
  Waitlist,
  WaitlistSettings,
  WaitlistSettingsInput,
} from '@reformer/domain/waitlist';
import type { Context } from 'hono';
import { requireActionAnywhere, requireMembership, requirePermission } from '../../auth/access.ts';
import { type AppEnv, createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonBody,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import * as service from './waitlist.service.ts';
import * as settings from './waitlist-settings.ts';

/**
 * A session's waitlist (decision 024): read with the session page's actions at its establishment, changed
 * with MANAGE_ATTENDANCE there (a session the member may not see is a 404); the hold time is read by every
 * member and changed with MANAGE_SETTINGS. The customer's side is waitlist-offers.routes.ts.
 */
const tags = ['Waitlist'];
const SessionParams = OrgIdParam.extend({ sessionId: z.string() });
const EntryParams = SessionParams.extend({ entryId: z.string() });
const manage = [requireMembership, requireActionAnywhere('MANAGE_ATTENDANCE')];
const path = '/organizations/{orgId}/sessions/{sessionId}/waitlist';
const list = (description: string) => jsonResponse(Waitlist, description);

const read = createRoute({
  method: 'get',
  path,
  tags,
  security: bearerSecurity,
  middleware: [requireMembership],
  summary: "The session's waitlist: offers, then the line in order, then who left it; free and held seats",
  request: { params: SessionParams },
  responses: { 200: list('The waitlist'), ...standardErrors },
});

const add = createRoute({
  method: 'post',
  path,
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'Add customers to the end of the line (only while no free seat is left unheld); all or none',
  request: { params: SessionParams, body: jsonBody(AddToWaitlistInput) },
  responses: {
    201: list('Added'),
    ...standardErrors,
    409: errorResponse(
      'SESSION_HAS_FREE_SEAT, WAITLIST_CUSTOMER_DUPLICATE, SESSION_INACTIVE or SESSION_STARTED',
    ),
  },
});

const reorder = createRoute({
  method: 'put',
  path: `${path}/order`,
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'The new order of every WAITING entry, first in line first',
  request: { params: SessionParams, body: jsonBody(ReorderWaitlistInput) },
  responses: {
    200: list('Reordered'),
    ...standardErrors,
    409: errorResponse('WAITLIST_ORDER_CHANGED: the ids are not exactly the entries waiting now'),
  },
});

const remove = createRoute({
  method: 'delete',
  path: `${path}/{entryId}`,
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'Take an entry off the list; a seat its offer held goes to the next person',
  request: { params: EntryParams },
  responses: { 200: list('Removed'), ...standardErrors },
});

const settingsPath = '/organizations/{orgId}/waitlist-settings';

const readSettings = createRoute({
  method: 'get',
  path: settingsPath,
  tags,
  security: bearerSecurity,
  middleware: [requireMembership],
  summary: 'The hold time of offers and the language of their messages (defaults until saved)',
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(WaitlistSettings, 'The rules'), ...standardErrors },
});

const saveSettings = createRoute({
  method: 'put',
  path: settingsPath,
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('MANAGE_SETTINGS')],
  summary: 'Change the hold time or the language; offers already made keep their expiry',
  request: { params: OrgIdParam, body: jsonBody(WaitlistSettingsInput) },
  responses: { 200: jsonResponse(WaitlistSettings, 'Saved'), ...standardErrors },
});

const actorOf = (c: Context<AppEnv>) => ({
  userId: c.get('userId'),
  now: c.get('deps').now(),
  publicUrl: c.get('deps').publicUrl,
});

export const waitlistRoutes = createRouter()
  .openapi(read, async (c) => {
    const { sessionId } = c.req.valid('param');
    return c.json(
      await service.getWaitlist(c.get('deps').db, c.get('access'), sessionId, c.get('deps').now()),
      200,
    );
  })
  .openapi(add, async (c) => {
    const { sessionId } = c.req.valid('param');
    const { customerIds } = c.req.valid('json');
    return c.json(
      await service.addToWaitlist(c.get('deps').db, c.get('access'), sessionId, customerIds, actorOf(c)),
      201,
    );
  })
  .openapi(reorder, async (c) => {
    const { sessionId } = c.req.valid('param');
    const { entryIds } = c.req.valid('json');
    const { db, now } = c.get('deps');
    return c.json(await service.reorderWaitlist(db, c.get('access'), sessionId, entryIds, now()), 200);
  })
  .openapi(remove, async (c) => {
    const { sessionId, entryId } = c.req.valid('param');
    return c.json(
      await service.removeFromWaitlist(c.get('deps').db, c.get('access'), { sessionId, entryId }, actorOf(c)),
      200,
    );
  })
  .openapi(readSettings, async (c) =>
    c.json(await settings.getSettings(c.get('deps').db, c.get('access')), 200),
  )
  .openapi(saveSettings, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await settings.saveSettings(db, c.get('access'), c.req.valid('json'), now()), 200);
  });
