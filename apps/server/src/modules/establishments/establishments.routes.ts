import { createRoute, z } from '@hono/zod-openapi';
import { Establishment, EstablishmentInput } from '@reformer/domain/establishments';
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
import * as service from './establishments.service.ts';

const tags = ['Establishments'];
const EstablishmentParams = OrgIdParam.extend({ establishmentId: z.string() });
const manage = [requireMembership, requirePermission('MANAGE_ESTABLISHMENTS')];

const list = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/establishments',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership] as const,
  request: { params: OrgIdParam },
  responses: {
    200: jsonResponse(z.array(Establishment), 'Establishments the member may see'),
    ...standardErrors,
  },
});

const create = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/establishments',
  tags,
  security: bearerSecurity,
  middleware: manage,
  request: { params: OrgIdParam, body: jsonBody(EstablishmentInput) },
  responses: { 201: jsonResponse(Establishment, 'Created'), ...standardErrors },
});

const update = createRoute({
  method: 'put',
  path: '/organizations/{orgId}/establishments/{establishmentId}',
  tags,
  security: bearerSecurity,
  middleware: manage,
  request: { params: EstablishmentParams, body: jsonBody(EstablishmentInput) },
  responses: { 200: jsonResponse(Establishment, 'Updated'), ...standardErrors },
});

const remove = createRoute({
  method: 'delete',
  path: '/organizations/{orgId}/establishments/{establishmentId}',
  tags,
  security: bearerSecurity,
  middleware: manage,
  request: { params: EstablishmentParams },
  responses: {
    204: { description: 'Deleted' },
    ...standardErrors,
    409: errorResponse('ESTABLISHMENT_IN_USE: staff (or schedules) still use it'),
  },
});

export const establishmentsRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json(await service.listEstablishments(c.get('deps').db, c.get('access')), 200),
  )
  .openapi(create, async (c) =>
    c.json(await service.createEstablishment(c.get('deps').db, c.get('access'), c.req.valid('json')), 201),
  )
  .openapi(update, async (c) => {
    const { db, now } = c.get('deps');
    const { establishmentId } = c.req.valid('param');
    return c.json(
      await service.updateEstablishment(db, c.get('access'), establishmentId, c.req.valid('json'), now()),
      200,
    );
  })
  .openapi(remove, async (c) => {
    await service.deleteEstablishment(
      c.get('deps').db,
      c.get('access'),
      c.req.valid('param').establishmentId,
    );
    return c.body(null, 204);
  });
