import { createRoute, z } from '@hono/zod-openapi';
import { PublicStudioPage, TrialBookingAccepted, TrialBookingInput } from '@reformer/domain/studio-pages';
import { createRouter } from '../../lib/http.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { depsOf, retryAfter } from '../portal/portal-http.ts';
import { findLogoByHash } from './studio-pages.repository.ts';
import { bookTrial, readPublicPage } from './trial-bookings.service.ts';

/**
 * The studio's public page (decision 045): no token, no cookie. What it answers is public by the studio's
 * choice (its slug), minus anything about customers but each class's free seats.
 */
const tags = ['Public studio page'];
const SlugParams = z.object({ slug: z.string().max(60) });
const HashParams = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) });

const page = createRoute({
  method: 'get',
  path: '/public/studios/{slug}',
  tags,
  summary:
    "A studio's public page: name, logo, colour, establishments, the week's classes with free seats, plans",
  request: { params: SlugParams },
  responses: {
    200: jsonResponse(PublicStudioPage, 'The page'),
    404: errorResponse('STUDIO_PAGE_NOT_FOUND'),
  },
});

const logo = createRoute({
  method: 'get',
  path: '/public/logos/{hash}',
  tags,
  summary: "A studio's logo by its content hash: a new logo is a new URL, so it is cached for a year",
  request: { params: HashParams },
  responses: {
    200: { description: 'The image', content: { 'image/png': { schema: z.string() } } },
    404: errorResponse('NOT_FOUND'),
  },
});

const book = createRoute({
  method: 'post',
  path: '/public/studios/{slug}/trial-bookings',
  tags,
  middleware: [retryAfter],
  summary:
    'Book a trial class: one per person (e-mail, phone or CPF), a new lead when unknown; rate-limited per address; takes an Idempotency-Key',
  request: { params: SlugParams, body: jsonBody(TrialBookingInput) },
  responses: {
    202: jsonResponse(TrialBookingAccepted, 'Booked (the same answer for a request the studio will not see)'),
    400: errorResponse('VALIDATION_FAILED'),
    404: errorResponse('STUDIO_PAGE_NOT_FOUND, TRIAL_CLASS_NOT_FOUND'),
    409: errorResponse('SESSION_FULL, TRIAL_ALREADY_TAKEN'),
    429: errorResponse('RATE_LIMITED, with Retry-After'),
  },
});

export const publicStudioRoutes = createRouter()
  .openapi(page, async (c) => {
    const answer = await readPublicPage(depsOf(c), c.req.param('slug'));
    // Free seats change with every booking: a minute's staleness at most.
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(answer, 200);
  })
  .openapi(logo, async (c) => {
    const found = await findLogoByHash(c.get('deps').db, c.req.valid('param').hash);
    if (!found) return c.json({ error: { code: 'NOT_FOUND' as const, message: 'No such logo' } }, 404);
    return c.body(new Uint8Array(found.bytes), 200, {
      'Content-Type': found.type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  })
  .openapi(book, async (c) => {
    const key = idempotencyKeyOf(c);
    await bookTrial(depsOf(c), c.req.valid('param').slug, c.req.valid('json'), key);
    c.header('Cache-Control', 'no-store');
    return c.json({ accepted: true as const }, 202);
  });
