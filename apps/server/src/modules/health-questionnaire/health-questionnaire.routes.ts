import { createRoute, z } from '@hono/zod-openapi';
import {
  HealthQuestionnaireSettings,
  HealthQuestionnaireSettingsView,
} from '@reformer/domain/health-questionnaire';
import { CustomerQuestionnaireStatus } from '@reformer/domain/portal-health-questionnaire';
import { requireActionAnywhere, requireMembership } from '../../auth/access.ts';
import { createRouter } from '../../lib/http.ts';
import { bearerSecurity, jsonBody, jsonResponse, OrgIdParam, standardErrors } from '../../lib/openapi.ts';
import * as service from './health-questionnaire.service.ts';

/**
 * Staff's side of the health questionnaire (decision 044): which questions the studio asks is chosen by who
 * may manage medical records; whether a customer's arrived (dates, no answers) is on the customer's page for
 * who may see customers. The answers themselves are a draft medical record (medical-records.routes.ts).
 */
const tags = ['Health questionnaire'];
const settingsPath = '/organizations/{orgId}/health-questionnaire/settings';
const manageRecords = [requireMembership, requireActionAnywhere('MANAGE_MEDICAL_RECORDS')];

const readSettings = createRoute({
  method: 'get',
  path: settingsPath,
  tags,
  security: bearerSecurity,
  middleware: manageRecords,
  summary: 'Which questionnaire customers fill in the portal: none, anamnesis questions, or the PAR-Q+',
  request: { params: OrgIdParam },
  responses: { 200: jsonResponse(HealthQuestionnaireSettingsView, 'The settings'), ...standardErrors },
});

const saveSettings = createRoute({
  method: 'put',
  path: settingsPath,
  tags,
  security: bearerSecurity,
  middleware: manageRecords,
  summary: 'Choose the questionnaire; questionnaires already sent stay as they were',
  request: { params: OrgIdParam, body: jsonBody(HealthQuestionnaireSettings) },
  responses: { 200: jsonResponse(HealthQuestionnaireSettingsView, 'Saved'), ...standardErrors },
});

const customerStatus = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customers/{customerId}/health-questionnaire',
  tags,
  security: bearerSecurity,
  middleware: [requireMembership, requireActionAnywhere('VIEW_CUSTOMERS')],
  summary: "Whether the customer's questionnaire is pending or received, and when they consented",
  request: { params: OrgIdParam.extend({ customerId: z.string() }) },
  responses: { 200: jsonResponse(CustomerQuestionnaireStatus, 'The status'), ...standardErrors },
});

export const healthQuestionnaireRoutes = createRouter()
  .openapi(readSettings, async (c) =>
    c.json(await service.getSettings(c.get('deps').db, c.get('access')), 200),
  )
  .openapi(saveSettings, async (c) => {
    const by = { userId: c.get('userId'), now: c.get('deps').now() };
    return c.json(
      await service.saveSettings(c.get('deps').db, c.get('access'), c.req.valid('json'), by),
      200,
    );
  })
  .openapi(customerStatus, async (c) => {
    const { customerId } = c.req.valid('param');
    return c.json(await service.getCustomerStatus(c.get('deps').db, c.get('access'), customerId), 200);
  });
