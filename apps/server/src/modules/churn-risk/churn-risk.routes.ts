import { createRoute } from '@hono/zod-openapi';
import { CHURN_RISK_ACTIONS, ChurnRiskList, ChurnRiskQuery } from '@reformer/domain/churn-risk';
import { requireMembership, requirePermission } from '../../auth/access.ts';
import { createRouter } from '../../lib/http.ts';
import { bearerSecurity, jsonResponse, OrgIdParam, standardErrors } from '../../lib/openapi.ts';
import * as service from './churn-risk.service.ts';

const list = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/churn-risk',
  tags: ['Churn risk'],
  security: bearerSecurity,
  // Each action at organization scope: the list shows payments, attendance and enrollments of every
  // establishment (docs/decisions/022).
  middleware: [requireMembership, ...CHURN_RISK_ACTIONS.map((action) => requirePermission(action))],
  summary:
    'Active customers at risk of leaving, highest score first: each score is the sum of its reasons (attendance falling, payments overdue, enrollment ending), with their numbers',
  request: { params: OrgIdParam, query: ChurnRiskQuery },
  responses: { 200: jsonResponse(ChurnRiskList, 'A page of customers at risk'), ...standardErrors },
});

export const churnRiskRoutes = createRouter().openapi(list, async (c) => {
  const { db, now } = c.get('deps');
  return c.json(await service.listChurnRisks(db, c.get('access'), c.req.valid('query'), now()), 200);
});
