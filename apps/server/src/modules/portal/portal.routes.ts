import { z } from '@hono/zod-openapi';
import {
  PORTAL_COOKIE_MAX_AGE_SECONDS,
  PortalAccepted,
  PortalBookableList,
  PortalBookInput,
  PortalCancellation,
  PortalExchangeInput,
  PortalHistory,
  PortalHome,
  PortalLinkRequestInput,
} from '@reformer/domain/portal';
import { PortalPhoneLinkRequestInput } from '@reformer/domain/portal-phone-link';
import { deleteCookie, setCookie } from 'hono/cookie';
import { createRouter } from '../../lib/http.ts';
import { errorResponse, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import * as service from './portal.service.ts';
import { exchangeToken, signOut } from './portal-access.ts';
import { COOKIE_PATH, cookieOf, depsOf, PORTAL_COOKIE, portalRoute, signedOut } from './portal-http.ts';
import { requestNewLink } from './portal-link-requests.ts';
import { requestNewLinkByPhone } from './portal-phone-link-requests.ts';

/** The customer portal's API for classes, waitlists and the session itself (decision 039). */
const ClassParams = z.object({ sessionId: z.string().max(100) });
const EntryParams = z.object({ entryId: z.string().max(100) });

const exchange = portalRoute({
  method: 'post',
  path: '/portal/session',
  summary: "Exchange a portal link's token (read from the URL's fragment) for the customer's session cookie",
  request: { body: jsonBody(PortalExchangeInput) },
  responses: {
    200: jsonResponse(PortalAccepted, 'Signed in: the cookie is set'),
    404: errorResponse('PORTAL_LINK_INVALID: unknown, revoked, replaced or expired'),
    429: errorResponse('RATE_LIMITED, with Retry-After'),
  },
});

const end = portalRoute({
  method: 'delete',
  path: '/portal/session',
  summary: 'Sign out: the session ends and the cookie is cleared (answered the same without one)',
  responses: { 200: jsonResponse(PortalAccepted, 'Signed out') },
});

const linkRequest = portalRoute({
  method: 'post',
  path: '/portal/link-requests',
  summary: 'Send a new link to the e-mail on file; the answer is the same whether or not it is on file',
  request: { body: jsonBody(PortalLinkRequestInput) },
  responses: {
    202: jsonResponse(PortalAccepted, 'Received'),
    429: errorResponse('RATE_LIMITED per address or per contact, with Retry-After'),
  },
});

const phoneLinkRequest = portalRoute({
  method: 'post',
  path: '/portal/phone-link-requests',
  summary:
    "Send a new link by WhatsApp to the phone on file, from studios whose number is on WhatsApp's API; the answer is the same whether or not it is on file",
  request: { body: jsonBody(PortalPhoneLinkRequestInput) },
  responses: {
    202: jsonResponse(PortalAccepted, 'Received'),
    429: errorResponse('RATE_LIMITED per address or per number, with Retry-After'),
  },
});

const home = portalRoute({
  method: 'get',
  path: '/portal/me',
  summary: 'The customer, their classes of the next 30 days, credits, packs and waitlist places',
  responses: { 200: jsonResponse(PortalHome, 'The home'), ...signedOut },
});

const history = portalRoute({
  method: 'get',
  path: '/portal/history',
  summary: "The customer's places of the last 180 days, newest first",
  responses: { 200: jsonResponse(PortalHistory, 'The history'), ...signedOut },
});

const bookable = portalRoute({
  method: 'get',
  path: '/portal/bookable',
  summary: 'Group classes of the next 14 days the customer may book (a credit or a pack pays) or wait for',
  responses: { 200: jsonResponse(PortalBookableList, 'The classes'), ...signedOut },
});

const cancel = portalRoute({
  method: 'post',
  path: '/portal/sessions/{sessionId}/cancel',
  summary: 'Cancel the place, as staff would (the make-up credit rule, the waitlist offer)',
  request: { params: ClassParams },
  responses: {
    200: jsonResponse(PortalCancellation, 'Canceled'),
    ...signedOut,
    404: errorResponse('PORTAL_CLASS_NOT_FOUND'),
    409: errorResponse('SESSION_STARTED or SESSION_INACTIVE'),
  },
});

const book = portalRoute({
  method: 'post',
  path: '/portal/sessions/{sessionId}/book',
  summary: "Book a seat with a make-up credit or a pack's class, under the class's schedule lock",
  request: { params: ClassParams, body: jsonBody(PortalBookInput) },
  responses: {
    200: jsonResponse(PortalHome, 'Booked'),
    ...signedOut,
    404: errorResponse('PORTAL_CLASS_NOT_FOUND'),
    409: errorResponse('SESSION_FULL, PORTAL_BOOKING_NOT_ALLOWED, MAKE_UP_NO_CREDIT, PURCHASE_*, …'),
  },
});

const wait = portalRoute({
  method: 'post',
  path: '/portal/sessions/{sessionId}/waitlist',
  summary: 'Join the waitlist of a full class',
  request: { params: ClassParams },
  responses: {
    200: jsonResponse(PortalHome, 'Waiting'),
    ...signedOut,
    404: errorResponse('PORTAL_CLASS_NOT_FOUND'),
    409: errorResponse('SESSION_HAS_FREE_SEAT, WAITLIST_CUSTOMER_DUPLICATE, SESSION_STARTED'),
  },
});

const answerRoute = (answer: 'accept' | 'decline') =>
  portalRoute({
    method: 'post',
    path: `/portal/waitlist/{entryId}/${answer}`,
    summary: `${answer === 'accept' ? 'Accept' : 'Decline'} the seat the waitlist offers the customer`,
    request: { params: EntryParams },
    responses: {
      200: jsonResponse(PortalHome, 'Answered'),
      ...signedOut,
      404: errorResponse('WAITLIST_OFFER_NOT_FOUND (another customer’s entry too)'),
      409: errorResponse('WAITLIST_OFFER_EXPIRED, WAITLIST_OFFER_TAKEN, WAITLIST_OFFER_CLOSED'),
    },
  });
const accept = answerRoute('accept');
const decline = answerRoute('decline');

export const portalRoutes = createRouter()
  .openapi(exchange, async (c) => {
    const sessionId = await exchangeToken(depsOf(c), c.req.valid('json').token);
    setCookie(c, PORTAL_COOKIE, sessionId, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'Lax',
      secure: c.get('deps').publicUrl.startsWith('https://'),
      maxAge: PORTAL_COOKIE_MAX_AGE_SECONDS,
    });
    return c.json({ accepted: true as const }, 200);
  })
  .openapi(end, async (c) => {
    await signOut(depsOf(c), cookieOf(c));
    deleteCookie(c, PORTAL_COOKIE, { path: COOKIE_PATH });
    return c.json({ accepted: true as const }, 200);
  })
  .openapi(linkRequest, async (c) => {
    await requestNewLink(depsOf(c), c.req.valid('json').email);
    return c.json({ accepted: true as const }, 202);
  })
  .openapi(phoneLinkRequest, async (c) => {
    const { secretBox, whatsapp } = c.get('deps');
    const deps = { ...depsOf(c), secretBox, whatsapp, logger: c.get('logger') };
    await requestNewLinkByPhone(deps, c.req.valid('json').phone);
    return c.json({ accepted: true as const }, 202);
  })
  .openapi(home, async (c) => c.json(await service.viewHome(depsOf(c), cookieOf(c)), 200))
  .openapi(history, async (c) => c.json(await service.viewHistory(depsOf(c), cookieOf(c)), 200))
  .openapi(bookable, async (c) => c.json(await service.listBookable(depsOf(c), cookieOf(c)), 200))
  .openapi(cancel, async (c) => {
    const { sessionId } = c.req.valid('param');
    return c.json(await service.cancelPlace(depsOf(c), cookieOf(c), sessionId), 200);
  })
  .openapi(book, async (c) => {
    const { sessionId } = c.req.valid('param');
    const { payWith } = c.req.valid('json');
    return c.json(await service.bookClass(depsOf(c), cookieOf(c), sessionId, payWith), 200);
  })
  .openapi(wait, async (c) => {
    const { sessionId } = c.req.valid('param');
    return c.json(await service.joinWaitlist(depsOf(c), cookieOf(c), sessionId), 200);
  })
  .openapi(accept, async (c) => {
    const { entryId } = c.req.valid('param');
    return c.json(await service.answerOffer(depsOf(c), cookieOf(c), entryId, 'ACCEPT'), 200);
  })
  .openapi(decline, async (c) => {
    const { entryId } = c.req.valid('param');
    return c.json(await service.answerOffer(depsOf(c), cookieOf(c), entryId, 'DECLINE'), 200);
  });
