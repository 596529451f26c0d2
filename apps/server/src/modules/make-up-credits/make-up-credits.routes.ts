import { createRoute, z } from '@hono/zod-openapi';
import {
  MakeUpCreditList,
  NoCreditDate,
  NoCreditDateInput,
  NoCreditDateList,
  NoCreditDatePath,
} from '@reformer/domain/make-up-credit-schemas';
import { MakeUpCreditSettings, MakeUpCreditSettingsInput } from '@reformer/domain/make-up-credits';
import { requireActionAnywhere, requireMembership, requirePermission } from '../../auth/access.ts';
import { createRouter } from '../../lib/http.ts';
import { bearerSecurity, jsonBody, jsonResponse, OrgIdParam, standardErrors } from '../../lib/openapi.ts';
import * as service from './make-up-credits.service.ts';

/**
 * Make-up credits (decision 023): the organization's rules and each establishment's no-credit dates (read by
 * every member, changed with MANAGE_SETTINGS), and a customer's credits (VIEW_CUSTOMERS). Earning and
 * spending happen through the attendance routes.
 */
const tags = ['Make-up credits'];
const manageSettings = [requireMembership, requirePermission('MANAGE_SETTINGS')];
const EstablishmentParams = OrgIdParam.extend({ establishmentId: z.string() });
const DateParams = EstablishmentParams.extend({ date: NoCreditDatePath });
const CustomerParams = OrgIdParam.extend({ customerId: z.string() });

const settingsPath = '/organizations/{orgId}/make-up-credit-settings';
const datesPath = '/organizations/{orgId}/establishments/{establishmentId}/no-credit-dates';

const readSettings = createRoute({
  method: 'get',
  path: settingsPath,
  tags,
  security: bearerSecurity,
  middleware: [requireMembership],
  summary:
    'The make-up rules: notice, credits a month, validity, make-ups of make-ups (defaults until saved)',
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(MakeUpCreditSettings, 'The rules'), ...standardErrors },
});

const saveSettings = createRoute({
  method: 'put',
  path: settingsPath,
  tags,
  security: bearerSecurity,
  middleware: manageSettings,
  summary: 'Change the make-up rules; credits already earned keep their expiry',
  request: { params: OrgIdParam, body: jsonBody(MakeUpCreditSettingsInput) },
  responses: { 200: jsonResponse(MakeUpCreditSettings, 'Saved'), ...standardErrors },
});

const listDates = createRoute({
  method: 'get',
  path: datesPath,
  tags,
  security: bearerSecurity,
  middleware: [requireMembership],
  summary: "The establishment's no-credit dates (holidays), by date",
  request: { params: EstablishmentParams },
  responses: { 200: jsonResponse(NoCreditDateList, 'The dates'), ...standardErrors },
});

const saveDate = createRoute({
  method: 'put',
  path: `${datesPath}/{date}`,
  tags,
  security: bearerSecurity,
  middleware: manageSettings,
  summary: 'Add a no-credit date to the establishment, or rename it',
  request: { params: DateParams, body: jsonBody(NoCreditDateInput) },
  responses: { 200: jsonResponse(NoCreditDate, 'Saved'), ...standardErrors },
});

const deleteDate = createRoute({
  method: 'delete',
  path: `${datesPath}/{date}`,
  tags,
  security: bearerSecurity,
  middleware: manageSettings,
  summary: 'Remove a no-credit date; credits already decided stay as they are',
  request: { params: DateParams },
  responses: { 204: { description: 'Removed' }, ...standardErrors },
});

const customerCredits = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customers/{customerId}/make-up-credits',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requireActionAnywhere('VIEW_CUSTOMERS')],
  summary: "The customer's credits, newest first: available, used (and where), expired",
  request: { params: CustomerParams },
  responses: { 200: jsonResponse(MakeUpCreditList, 'The credits'), ...standardErrors },
});

export const makeUpCreditsRoutes = createRouter()
  .openapi(readSettings, async (c) =>
    c.json(await service.getSettings(c.get('deps').db, c.get('access')), 200),
  )
  .openapi(saveSettings, async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await service.saveSettings(db, c.get('access'), c.req.valid('json'), now()), 200);
  })
  .openapi(listDates, async (c) => {
    const { establishmentId } = c.req.valid('param');
    return c.json(await service.listNoCreditDates(c.get('deps').db, c.get('access'), establishmentId), 200);
  })
  .openapi(saveDate, async (c) => {
    const { establishmentId, date } = c.req.valid('param');
    const { name } = c.req.valid('json');
    return c.json(
      await service.saveNoCreditDate(c.get('deps').db, c.get('access'), { establishmentId, date }, name),
      200,
    );
  })
  .openapi(deleteDate, async (c) => {
    const { establishmentId, date } = c.req.valid('param');
    await service.deleteNoCreditDate(c.get('deps').db, c.get('access'), { establishmentId, date });
    return c.body(null, 204);
  })
  .openapi(customerCredits, async (c) => {
    const { db, now } = c.get('deps');
    const { customerId } = c.req.valid('param');
    return c.json(await service.listCustomerCredits(db, c.get('access'), customerId, now()), 200);
  });
