import { createRoute } from '@hono/zod-openapi';
import {
  MyOrganizations,
  Organization,
  OrganizationDetails,
  OrganizationInput,
} from '@reformer/domain/organizations';
import { requireMembership, requirePermission } from '../../auth/access.ts';
import { createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonBody,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import * as service from './organizations.service.ts';

const tags = ['Organizations'];

const listMine = createRoute({
  method: 'get',
  path: '/organizations/me',
  tags,
  security: bearerSecurity,
  summary: "The user's organizations: owned and joined by invitation",
  responses: { 200: jsonResponse(MyOrganizations, 'Organizations'), ...standardErrors },
});

const create = createRoute({
  method: 'post',
  path: '/organizations',
  tags,
  security: bearerSecurity,
  summary: 'Create an organization; the creator becomes its owner',
  request: { body: jsonBody(OrganizationInput) },
  responses: { 201: jsonResponse(Organization, 'Created'), ...standardErrors },
});

const read = createRoute({
  method: 'get',
  path: '/organizations/{orgId}',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership] as const,
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(OrganizationDetails, 'The organization'), ...standardErrors },
});

const update = createRoute({
  method: 'put',
  path: '/organizations/{orgId}',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('MANAGE_SETTINGS')] as const,
  request: { params: OrgIdParam, body: jsonBody(OrganizationInput) },
  responses: { 200: jsonResponse(Organization, 'Updated'), ...standardErrors },
});

const leave = createRoute({
  method: 'delete',
  path: '/organizations/{orgId}/leave',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership] as const,
  request: { params: OrgIdParam },
  responses: {
    204: { description: 'Left the organization' },
    ...standardErrors,
    409: errorResponse('ORGANIZATION_SOLE_OWNER: transfer ownership first'),
  },
});

export const organizationsRoutes = createRouter()
  .openapi(listMine, async (c) =>
    c.json(await service.listMyOrganizations(c.get('deps').db, c.get('userId')), 200),
  )
  .openapi(create, async (c) => {
    const input = OrganizationInput.parse(c.req.valid('json'));
    return c.json(await service.createOrganization(c.get('deps').db, c.get('userId'), input), 201);
  })
  .openapi(read, async (c) =>
    c.json(await service.getOrganization(c.get('deps').db, c.get('access'), c.get('userId')), 200),
  )
  .openapi(update, async (c) => {
    const input = OrganizationInput.parse(c.req.valid('json'));
    return c.json(
      await service.updateOrganization(c.get('deps').db, c.get('access'), input, c.get('deps').now()),
      200,
    );
  })
  .openapi(leave, async (c) => {
    await service.leaveOrganization(c.get('deps').db, c.get('access'), c.get('userId'));
    return c.body(null, 204);
  });

export type OrganizationsRoutes = typeof organizationsRoutes;
