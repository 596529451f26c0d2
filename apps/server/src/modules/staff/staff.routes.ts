import { createRoute, z } from '@hono/zod-openapi';
import { ChangeRoleInput, SetAssignmentsInput, StaffMember } from '@reformer/domain/staff';
import { requireActionAnywhere, requireMembership, requirePermission } from '../../auth/access.ts';
import { createRouter } from '../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonBody,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import * as service from './staff.service.ts';

const tags = ['Staff'];
const StaffParams = OrgIdParam.extend({ staffUserId: z.string().min(1) });

const list = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/staff',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requireActionAnywhere('VIEW_STAFF')] as const,
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(z.array(StaffMember), 'Members'), ...standardErrors },
});

const changeRole = createRoute({
  method: 'put',
  path: '/organizations/{orgId}/staff/{staffUserId}/role',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('MANAGE_STAFF')] as const,
  request: { params: StaffParams, body: jsonBody(ChangeRoleInput) },
  responses: {
    204: { description: 'Role changed; takes effect on the member’s next request' },
    ...standardErrors,
    409: errorResponse('LAST_OWNER: the organization would have no owner'),
  },
});

const setAssignments = createRoute({
  method: 'put',
  path: '/organizations/{orgId}/staff/{staffUserId}/establishments',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requireActionAnywhere('MANAGE_STAFF')] as const,
  request: { params: StaffParams, body: jsonBody(SetAssignmentsInput) },
  responses: { 204: { description: 'Establishment roles replaced' }, ...standardErrors },
});

const remove = createRoute({
  method: 'delete',
  path: '/organizations/{orgId}/staff/{staffUserId}',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('MANAGE_STAFF')] as const,
  request: { params: StaffParams },
  responses: {
    204: { description: 'Removed' },
    ...standardErrors,
    409: errorResponse('LAST_OWNER: the organization would have no owner'),
  },
});

export const staffRoutes = createRouter()
  .openapi(list, async (c) => c.json(await service.listStaff(c.get('deps').db, c.get('access')), 200))
  .openapi(changeRole, async (c) => {
    const { staffUserId } = c.req.valid('param');
    await service.changeRole(c.get('deps').db, c.get('access'), staffUserId, c.req.valid('json').role);
    return c.body(null, 204);
  })
  .openapi(setAssignments, async (c) => {
    const { staffUserId } = c.req.valid('param');
    await service.setAssignments(
      c.get('deps').db,
      c.get('access'),
      staffUserId,
      c.req.valid('json').establishments,
    );
    return c.body(null, 204);
  })
  .openapi(remove, async (c) => {
    await service.removeMember(c.get('deps').db, c.get('access'), c.req.valid('param').staffUserId);
    return c.body(null, 204);
  });
