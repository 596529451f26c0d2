import { createRoute, z } from '@hono/zod-openapi';
import { CustomerPlan, CustomerPlanInput, SetPlanActiveInput } from '@reformer/domain/customer-plans';
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
import * as service from './customer-plans.service.ts';

const tags = ['Customer plans'];
const PlanParams = OrgIdParam.extend({ id: z.string() });
const manage = [requireMembership, requirePermission('MANAGE_CUSTOMER_PLANS')];

const list = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customer-plans',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('VIEW_CUSTOMER_PLANS')],
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(z.array(CustomerPlan), 'Plans'), ...standardErrors },
});

const create = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/customer-plans',
  tags,
  security: bearerSecurity,
  middleware: manage,
  request: { params: OrgIdParam, body: jsonBody(CustomerPlanInput) },
  responses: { 201: jsonResponse(CustomerPlan, 'Created'), ...standardErrors },
});

const update = createRoute({
  method: 'put',
  path: '/organizations/{orgId}/customer-plans/{id}',
  tags,
  security: bearerSecurity,
  middleware: manage,
  request: { params: PlanParams, body: jsonBody(CustomerPlanInput) },
  responses: { 200: jsonResponse(CustomerPlan, 'Updated'), ...standardErrors },
});

const setActive = createRoute({
  method: 'put',
  path: '/organizations/{orgId}/customer-plans/{id}/active',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'Activate or deactivate a plan',
  request: { params: PlanParams, body: jsonBody(SetPlanActiveInput) },
  responses: { 200: jsonResponse(CustomerPlan, 'Updated'), ...standardErrors },
});

const remove = createRoute({
  method: 'delete',
  path: '/organizations/{orgId}/customer-plans/{id}',
  tags,
  security: bearerSecurity,
  middleware: manage,
  request: { params: PlanParams },
  responses: {
    204: { description: 'Deleted' },
    ...standardErrors,
    409: errorResponse('PLAN_IN_USE: enrollments use it'),
  },
});

export const customerPlansRoutes = createRouter()
  .openapi(list, async (c) => c.json(await service.listPlans(c.get('deps').db, c.get('access')), 200))
  .openapi(create, async (c) =>
    c.json(await service.createPlan(c.get('deps').db, c.get('access'), c.req.valid('json')), 201),
  )
  .openapi(update, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(
      await service.updatePlan(db, c.get('access'), c.req.valid('param').id, c.req.valid('json'), now()),
      200,
    );
  })
  .openapi(setActive, async (c) => {
    const { db, now } = c.get('deps');
    const { isActive } = c.req.valid('json');
    return c.json(
      await service.setPlanActive(db, c.get('access'), c.req.valid('param').id, isActive, now()),
      200,
    );
  })
  .openapi(remove, async (c) => {
    await service.deletePlan(c.get('deps').db, c.get('access'), c.req.valid('param').id);
    return c.body(null, 204);
  });
