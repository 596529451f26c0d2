import { createRoute, z } from '@hono/zod-openapi';
import { MyClassCancellation, MyClasses } from '@reformer/domain/class-links';
import type { Context } from 'hono';
import { clientIp } from '../../lib/client-ip.ts';
import { type AppEnv, createRouter } from '../../lib/http.ts';
import { tokenLinkHeaders } from '../../lib/no-store.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';
import * as service from './my-classes.service.ts';

/**
 * The customer's class link (decision 025), without signing in: the token is the key, as a waitlist
 * offer's is. A token that names no live link is a 404 whatever it looks like.
 */
const tags = ['Class links'];
const TokenParams = z.object({ token: z.string().min(1).max(200) });
const path = '/my-classes/{token}';

const view = createRoute({
  method: 'get',
  path,
  tags,
  middleware: [tokenLinkHeaders],
  summary: "The customer's places in the sessions of the next 30 days, and what cancelling each would earn",
  request: { params: TokenParams },
  responses: {
    200: jsonResponse(MyClasses, 'The places'),
    404: errorResponse('CLASS_LINK_NOT_FOUND'),
  },
});

const cancel = createRoute({
  method: 'post',
  path: `${path}/sessions/{sessionId}/cancel`,
  tags,
  middleware: [tokenLinkHeaders],
  summary:
    'Cancel the place, as staff would: the make-up credit decision, the waitlist offer; twice answers the same',
  request: { params: TokenParams.extend({ sessionId: z.string().max(100) }) },
  responses: {
    200: jsonResponse(MyClassCancellation, 'Canceled'),
    404: errorResponse('CLASS_LINK_NOT_FOUND or CLASS_LINK_PLACE_NOT_FOUND'),
    409: errorResponse('SESSION_STARTED or SESSION_INACTIVE'),
  },
});

const depsOf = (c: Context<AppEnv>) => ({
  db: c.var.deps.db,
  tenantDb: c.var.deps.tenantDb,
  now: c.var.deps.now(),
  publicUrl: c.var.deps.publicUrl,
  ipAddress: clientIp(c),
});

export const myClassesRoutes = createRouter()
  .openapi(view, async (c) => c.json(await service.viewMyClasses(depsOf(c), c.req.valid('param').token), 200))
  .openapi(cancel, async (c) => {
    const { token, sessionId } = c.req.valid('param');
    return c.json(await service.cancelMyPlace(depsOf(c), token, sessionId), 200);
  });
