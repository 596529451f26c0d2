import { createRoute } from '@hono/zod-openapi';
import { CustomerCreditList, CustomerCreditQuery } from '@reformer/domain/customer-credits';
import { Dashboard } from '@reformer/domain/dashboard';
import { PixAutomaticoEndings, PixAutomaticoEndingsQuery } from '@reformer/domain/pix-automatico-views';
import { requireMembership, requirePermission } from '../../auth/access.ts';
import { createRouter } from '../../lib/http.ts';
import { bearerSecurity, jsonResponse, OrgIdParam, standardErrors } from '../../lib/openapi.ts';
import * as service from './dashboard.service.ts';
import * as money from './dashboard-money.service.ts';
import { listPixAutomaticoEndings } from './pix-automatico-endings.ts';

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

const listCredits = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customer-credits',
  tags: ['Dashboard'],
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('VIEW_PAYMENTS')],
  summary:
    'Customers on the books whose credit balance is above zero, one row per currency, largest first: the list the dashboard’s credit figure opens (VIEW_PAYMENTS)',
  request: { params: OrgIdParam, query: CustomerCreditQuery },
  responses: { 200: jsonResponse(CustomerCreditList, 'A page of customers with credit'), ...standardErrors },
});

const listPixAutomaticoEndingsRoute = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/dashboard/pix-automatico-endings',
  tags: ['Dashboard'],
  security: bearerSecurity,
  middleware: [requireMembership, requirePermission('VIEW_PAYMENTS')],
  summary:
    'Pix Automático authorizations the payer cancelled in their bank, refused or let expire in the last `days` (30 by default) that no newer one of the same enrollment replaced; one customer’s with `customerId` (VIEW_PAYMENTS)',
  request: { params: OrgIdParam, query: PixAutomaticoEndingsQuery },
  responses: { 200: jsonResponse(PixAutomaticoEndings, 'Newest first'), ...standardErrors },
});

export const dashboardRoutes = createRouter()
  .openapi(read, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await service.getDashboard(db, c.get('access'), now()), 200);
  })
  .openapi(listCredits, async (c) => {
    const { db } = c.get('deps');
    return c.json(await money.listCustomerCredits(db, c.get('access'), c.req.valid('query')), 200);
  })
  .openapi(listPixAutomaticoEndingsRoute, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await listPixAutomaticoEndings(db, c.get('access'), c.req.valid('query'), now()), 200);
  });
