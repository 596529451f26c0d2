import { createRoute, z } from '@hono/zod-openapi';
import { WaitlistOffer } from '@reformer/domain/waitlist';
import type { Context } from 'hono';
import { type AppEnv, createRouter } from '../../lib/http.ts';
import { tokenLinkHeaders } from '../../lib/no-store.ts';
import { errorResponse, jsonResponse } from '../../lib/openapi.ts';
import * as service from './waitlist-offers.service.ts';

/**
 * The customer's offer page (decision 024), without signing in: the link's token is the key, as an
 * invitation's is. A token that names no offer is a 404 whatever it looks like.
 */
const tags = ['Waitlist'];
const TokenParams = z.object({ token: z.string().min(1).max(200) });
const path = '/waitlist-offers/{token}';

const view = createRoute({
  method: 'get',
  path,
  tags,
  middleware: [tokenLinkHeaders],
  summary: 'The offer a link names: the session, its place and time, the expiry, and its state',
  request: { params: TokenParams },
  responses: {
    200: jsonResponse(WaitlistOffer, 'The offer'),
    404: errorResponse('WAITLIST_OFFER_NOT_FOUND'),
  },
});

const refusals =
  'WAITLIST_OFFER_EXPIRED (the seat went on), WAITLIST_OFFER_TAKEN (first in line again), WAITLIST_OFFER_CLOSED';

const accept = createRoute({
  method: 'post',
  path: `${path}/accept`,
  tags,
  middleware: [tokenLinkHeaders],
  summary: 'Take the held seat: the customer joins the roster; accepting twice answers the same',
  request: { params: TokenParams },
  responses: {
    200: jsonResponse(WaitlistOffer, 'Accepted'),
    404: errorResponse('WAITLIST_OFFER_NOT_FOUND'),
    409: errorResponse(refusals),
  },
});

const decline = createRoute({
  method: 'post',
  path: `${path}/decline`,
  tags,
  middleware: [tokenLinkHeaders],
  summary: 'Give the held seat up: it is offered to the next person at once',
  request: { params: TokenParams },
  responses: {
    200: jsonResponse(WaitlistOffer, 'Declined'),
    404: errorResponse('WAITLIST_OFFER_NOT_FOUND'),
    409: errorResponse(refusals),
  },
});

const depsOf = (c: Context<AppEnv>) => ({
  db: c.get('deps').db,
  now: c.get('deps').now(),
  publicUrl: c.get('deps').publicUrl,
});

export const waitlistOffersRoutes = createRouter()
  .openapi(view, async (c) => c.json(await service.viewOffer(depsOf(c), c.req.valid('param').token), 200))
  .openapi(accept, async (c) => c.json(await service.acceptOffer(depsOf(c), c.req.valid('param').token), 200))
  .openapi(decline, async (c) =>
    c.json(await service.declineOffer(depsOf(c), c.req.valid('param').token), 200),
  );
