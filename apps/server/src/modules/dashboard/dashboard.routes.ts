import { createRoute } from '@hono/zod-openapi';
import { Dashboard } from '@reformer/domain/dashboard';
import { requireMembership } from '../../auth/access.ts';
import { createRouter } from '../../lib/http.ts';
import { bearerSecurity, jsonResponse, OrgIdParam, standardErrors } from '../../lib/openapi.ts';
import * as service from './dashboard.service.ts';

const read = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/dashboard',
  tags: ['Dashboard'],
  security: bearerSecurity,
  // Any member: the service leaves out the parts their permissions do not reach.
  middleware: [requireMembership],
  summary:
    "The organization's home figures: `sessions` with VIEW_SCHEDULES (its establishments only), `payments` with VIEW_PAYMENTS, `customers` with VIEW_CUSTOMERS; a part the member may not see is absent",
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(Dashboard, 'The figures'), ...standardErrors },
});

export const dashboardRoutes = createRouter().openapi(read, async (c) => {
  const { db, now } = c.var.deps;
  return c.json(await service.getDashboard(db, c.var.access, now()), 200);
});
