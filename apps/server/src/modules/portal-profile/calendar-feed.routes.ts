import { createRoute, z } from '@hono/zod-openapi';
import { CalendarFeedCreated, CalendarFeedStatus } from '@reformer/domain/portal-calendar';
import { requireActionAnywhere, requireMembership } from '../../auth/access.ts';
import { actorOf } from '../../lib/audit.ts';
import { createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import { cookieOf, depsOf, portalRoute, signedOut } from '../portal/portal-http.ts';
import * as service from './calendar-feed.service.ts';

/**
 * The customer's calendar feed (decision 046). The portal's three routes take the portal cookie; the feed
 * itself is read by calendar apps, which send no cookie: its token is the key, in the path, answered with
 * the portal's headers (no-store, noindex, no referrer). Staff see and revoke it with the class link's
 * permissions (VIEW_CUSTOMERS, MANAGE_ATTENDANCE anywhere).
 */

const feedPath = '/portal/calendar-feed';

const read = portalRoute({
  method: 'get',
  path: feedPath,
  summary: 'Whether the customer has a live calendar feed, and since when (its address is shown once)',
  responses: { 200: jsonResponse(CalendarFeedStatus, 'The status'), ...signedOut },
});

const replace = portalRoute({
  method: 'put',
  path: feedPath,
  summary: 'Make a new feed; the previous one stops answering. Answers its https and webcal:// addresses',
  responses: { 200: jsonResponse(CalendarFeedCreated, 'Made'), ...signedOut },
});

const revoke = portalRoute({
  method: 'delete',
  path: feedPath,
  summary: 'Revoke the feed: its address no longer answers (answered the same when none was live)',
  responses: { 200: jsonResponse(CalendarFeedStatus, 'Revoked'), ...signedOut },
});

const feed = portalRoute({
  method: 'get',
  path: '/portal/calendar/{feed}',
  summary: "The customer's classes of the last 30 days and the next 90 as iCalendar (RFC 5545)",
  request: { params: z.object({ feed: z.string().regex(/^[A-Za-z0-9_-]{20,200}\.ics$/) }) },
  responses: {
    200: { description: 'The calendar', content: { 'text/calendar': { schema: z.string() } } },
    404: errorResponse('CALENDAR_FEED_NOT_FOUND: unknown, replaced or revoked'),
    429: errorResponse('RATE_LIMITED (unknown tokens from one address), with Retry-After'),
  },
});

const CustomerParams = OrgIdParam.extend({ customerId: z.string() });
const staffPath = '/organizations/{orgId}/customers/{customerId}/calendar-feed';

const staffRead = createRoute({
  method: 'get',
  path: staffPath,
  tags: ['Class links'],
  security: bearerSecurity,
  middleware: [requireMembership, requireActionAnywhere('VIEW_CUSTOMERS')],
  summary: "Whether the customer's calendar feed is live, and since when",
  request: { params: CustomerParams },
  responses: { 200: jsonResponse(CalendarFeedStatus, 'The status'), ...standardErrors },
});

const staffRevoke = createRoute({
  method: 'delete',
  path: staffPath,
  tags: ['Class links'],
  security: bearerSecurity,
  middleware: [requireMembership, requireActionAnywhere('MANAGE_ATTENDANCE')],
  summary: "Revoke the customer's calendar feed (answered the same when none was live)",
  request: { params: CustomerParams },
  responses: { 200: jsonResponse(CalendarFeedStatus, 'Revoked'), ...standardErrors },
});

export const calendarFeedRoutes = createRouter()
  .openapi(read, async (c) => c.json(await service.viewFeed(depsOf(c), cookieOf(c)), 200))
  .openapi(replace, async (c) => c.json(await service.replaceFeed(depsOf(c), cookieOf(c)), 200))
  .openapi(revoke, async (c) => c.json(await service.revokeFeed(depsOf(c), cookieOf(c)), 200))
  .openapi(feed, async (c) => {
    const token = c.req.valid('param').feed.replace(/\.ics$/, '');
    const text = await service.renderFeed(depsOf(c), token);
    return c.body(text, 200, { 'Content-Type': 'text/calendar; charset=utf-8' });
  })
  .openapi(staffRead, async (c) => {
    const { customerId } = c.req.valid('param');
    return c.json(await service.getFeedStatus(c.get('deps').db, c.get('access'), customerId), 200);
  })
  .openapi(staffRevoke, async (c) => {
    const { customerId } = c.req.valid('param');
    return c.json(
      await service.revokeFeedAsStaff(c.get('deps').db, c.get('access'), customerId, actorOf(c)),
      200,
    );
  });
