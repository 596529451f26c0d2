import { createRoute, z } from '@hono/zod-openapi';
import { PortalProfile, PortalProfileInput, ProfileChangeList } from '@reformer/domain/portal-profile';
import { WhatsAppConsent, WhatsAppConsentInput } from '@reformer/domain/whatsapp-consent';
import { requireActionAnywhere, requireMembership } from '../../auth/access.ts';
import { createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonBody,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import { cookieOf, depsOf, portalRoute, signedOut } from '../portal/portal-http.ts';
import { PostalAddress } from '../postal-codes/postal-codes.routes.ts';
import * as service from './portal-profile.service.ts';
import { answerWhatsAppConsent, viewWhatsAppConsent } from './portal-whatsapp-consent.ts';

/**
 * The customer's profile (decision 046): read and changed in the portal with its cookie, the CEP looked up
 * for a signed-in customer only; staff read the history of the customer's changes with VIEW_CUSTOMERS.
 */

const read = portalRoute({
  method: 'get',
  path: '/portal/profile',
  summary: "The customer's contacts, address and emergency contact",
  responses: { 200: jsonResponse(PortalProfile, 'The profile'), ...signedOut },
});

const update = portalRoute({
  method: 'put',
  path: '/portal/profile',
  summary: 'Change them, with the rules of the customer form; each changed field is kept for staff to see',
  request: { body: jsonBody(PortalProfileInput) },
  responses: {
    200: jsonResponse(PortalProfile, 'Saved'),
    400: errorResponse('VALIDATION_FAILED: a phone, CEP or e-mail that is not one'),
    ...signedOut,
    409: errorResponse('CUSTOMER_EMAIL_TAKEN: another customer of the studio has this e-mail'),
  },
});

const lookupPostalCode = portalRoute({
  method: 'get',
  path: '/portal/postal-codes/{cep}',
  summary: "A CEP's address, as staff's form looks it up, for a signed-in customer",
  request: { params: z.object({ cep: z.string().regex(/^\d{5}-?\d{3}$/, 'validation.cep') }) },
  responses: {
    200: jsonResponse(PostalAddress, 'The address'),
    ...signedOut,
    404: errorResponse('POSTAL_CODE_NOT_FOUND'),
    503: errorResponse('POSTAL_CODE_LOOKUP_FAILED: the provider did not answer'),
  },
});

const readWhatsAppConsent = portalRoute({
  method: 'get',
  path: '/portal/whatsapp-consent',
  summary: "The customer's WhatsApp opt-in (source and time) and their marketing consent",
  responses: { 200: jsonResponse(WhatsAppConsent, 'The consent'), ...signedOut },
});

const writeWhatsAppConsent = portalRoute({
  method: 'put',
  path: '/portal/whatsapp-consent',
  summary: "The customer's own answer to WhatsApp messages (source PORTAL; audited)",
  request: { body: jsonBody(WhatsAppConsentInput) },
  responses: { 200: jsonResponse(WhatsAppConsent, 'Recorded'), ...signedOut },
});

const history = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customers/{customerId}/profile-changes',
  tags: ['Customers'],
  security: bearerSecurity,
  middleware: [requireMembership, requireActionAnywhere('VIEW_CUSTOMERS')],
  summary: 'What the customer changed in their profile in the portal: field, old → new, when; newest first',
  request: { params: OrgIdParam.extend({ customerId: z.string() }) },
  responses: { 200: jsonResponse(ProfileChangeList, 'The changes'), ...standardErrors },
});

export const portalProfileRoutes = createRouter()
  .openapi(read, async (c) => c.json(await service.viewProfile(depsOf(c), cookieOf(c)), 200))
  .openapi(update, async (c) =>
    c.json(await service.updateProfile(depsOf(c), cookieOf(c), c.req.valid('json')), 200),
  )
  .openapi(lookupPostalCode, async (c) => {
    const { cep } = c.req.valid('param');
    const lookup = { provider: c.get('deps').postalCodes, cep };
    return c.json(await service.lookupPostalCode(depsOf(c), cookieOf(c), lookup), 200);
  })
  .openapi(readWhatsAppConsent, async (c) => c.json(await viewWhatsAppConsent(depsOf(c), cookieOf(c)), 200))
  .openapi(writeWhatsAppConsent, async (c) => {
    const { isOptedIn } = c.req.valid('json');
    return c.json(await answerWhatsAppConsent(depsOf(c), cookieOf(c), isOptedIn), 200);
  })
  .openapi(history, async (c) => {
    const { customerId } = c.req.valid('param');
    return c.json(await service.listProfileChanges(c.get('deps').db, c.get('access'), customerId), 200);
  });
