import { StudioBranding } from '@reformer/domain/studio-pages';
import { createRouter } from '../../lib/http.ts';
import { jsonResponse } from '../../lib/openapi.ts';
import { readBranding } from '../studio-pages/studio-pages.service.ts';
import { underPortalSession } from './portal-access.ts';
import { cookieOf, depsOf, portalRoute, signedOut } from './portal-http.ts';

/** The studio's name, logo and accent colour for the portal's header and buttons (decision 045). */
const branding = portalRoute({
  method: 'get',
  path: '/portal/branding',
  summary: "The customer's studio: display name, logo URL and accent colour",
  responses: { 200: jsonResponse(StudioBranding, 'The branding'), ...signedOut },
});

export const portalBrandingRoutes = createRouter().openapi(branding, async (c) =>
  c.json(
    await underPortalSession(depsOf(c), cookieOf(c), (tx, customer) =>
      readBranding(tx, customer.organizationId),
    ),
    200,
  ),
);
