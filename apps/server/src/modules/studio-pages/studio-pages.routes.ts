import { createRoute, z } from '@hono/zod-openapi';
import {
  LOGO_MAX_BYTES,
  StudioPageInput,
  StudioPageSettings,
  TrialSummary,
  TrialsQuery,
} from '@reformer/domain/studio-pages';
import { requireMembership, requirePermission } from '../../auth/access.ts';
import { actorOf } from '../../lib/audit.ts';
import { createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonBody,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import * as service from './studio-pages.service.ts';
import { summarizeTrials } from './trial-bookings.service.ts';

/** The studio's page and branding in Settings, and the dashboard's trial classes (decision 045). */
const tags = ['Studio page'];
const path = '/organizations/{orgId}/studio-page';
const readers = [requireMembership, requirePermission('VIEW_SETTINGS')];
const writers = [requireMembership, requirePermission('MANAGE_SETTINGS')];

const LogoForm = z.object({
  logo: z.instanceof(File).openapi({
    type: 'string',
    format: 'binary',
    description: `PNG, JPEG or WebP, ≤ ${LOGO_MAX_BYTES / 1024} KiB`,
  }),
});

const read = createRoute({
  method: 'get',
  path,
  tags,
  security: bearerSecurity,
  middleware: readers,
  summary: "The studio's display name, accent colour, logo and public page slug (VIEW_SETTINGS)",
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(StudioPageSettings, 'The settings'), ...standardErrors },
});

const save = createRoute({
  method: 'put',
  path,
  tags,
  security: bearerSecurity,
  middleware: writers,
  summary: 'Save the display name, accent colour (readable under white text) and slug (MANAGE_SETTINGS)',
  request: { params: OrgIdParam, body: jsonBody(StudioPageInput) },
  responses: {
    200: jsonResponse(StudioPageSettings, 'Saved'),
    ...standardErrors,
    409: errorResponse('STUDIO_SLUG_TAKEN: another studio uses the slug'),
  },
});

const uploadLogo = createRoute({
  method: 'put',
  path: `${path}/logo`,
  tags,
  security: bearerSecurity,
  middleware: writers,
  summary: 'Upload the logo; its type is read from its bytes (MANAGE_SETTINGS)',
  request: {
    params: OrgIdParam,
    body: { content: { 'multipart/form-data': { schema: LogoForm } }, required: true },
  },
  responses: {
    200: jsonResponse(StudioPageSettings, 'Saved'),
    ...standardErrors,
    400: errorResponse('STUDIO_LOGO_TYPE: not a PNG, JPEG or WebP image'),
    404: errorResponse('STUDIO_PAGE_NOT_FOUND: save the name and colour first'),
    413: errorResponse('STUDIO_LOGO_TOO_LARGE'),
  },
});

const deleteLogo = createRoute({
  method: 'delete',
  path: `${path}/logo`,
  tags,
  security: bearerSecurity,
  middleware: writers,
  summary: 'Remove the logo (MANAGE_SETTINGS)',
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(StudioPageSettings, 'Removed'), ...standardErrors },
});

const trials = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/trial-bookings/summary',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('VIEW_CUSTOMERS')],
  summary:
    'Trial classes booked from the public page in the period: booked, attended, converted (an enrollment within 30 days), the latest with who and when (VIEW_CUSTOMERS)',
  request: { params: OrgIdParam, query: TrialsQuery },
  responses: { 200: jsonResponse(TrialSummary, 'The summary'), ...standardErrors },
});

export const studioPagesRoutes = createRouter()
  .openapi(read, async (c) => c.json(await service.getSettings(c.get('deps').db, c.get('access')), 200))
  .openapi(save, async (c) =>
    c.json(
      await service.saveSettings(c.get('deps').db, c.get('access'), c.req.valid('json'), actorOf(c)),
      200,
    ),
  )
  .openapi(uploadLogo, async (c) =>
    c.json(
      await service.saveLogo(c.get('deps').db, c.get('access'), c.req.valid('form').logo, actorOf(c)),
      200,
    ),
  )
  .openapi(deleteLogo, async (c) =>
    c.json(await service.removeLogo(c.get('deps').db, c.get('access'), actorOf(c)), 200),
  )
  .openapi(trials, async (c) =>
    c.json(await summarizeTrials(c.get('deps').db, c.get('access'), c.req.valid('query')), 200),
  );
