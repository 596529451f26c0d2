import { createRoute, z } from '@hono/zod-openapi';
import {
  CustomerMedicalRecordListQuery,
  MedicalRecord,
  MedicalRecordAuditPage,
  MedicalRecordAuditQuery,
  MedicalRecordBody,
  MedicalRecordListQuery,
  MedicalRecordPage,
  MedicalRecordSummaryPage,
} from '@reformer/domain/medical-records';
import { requireActionAnywhere, requireMembership, requirePermission } from '../../auth/access.ts';
import { actorOf } from '../../lib/audit.ts';
import { createRouter } from '../../lib/http.ts';
import { noStore } from '../../lib/no-store.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonBody,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../lib/openapi.ts';
import * as service from './medical-records.service.ts';

const tags = ['Medical records'];
const CustomerParams = OrgIdParam.extend({ customerId: z.string() });
const RecordParams = CustomerParams.extend({ recordId: z.string() });

// Customers belong to no establishment: viewing or managing records anywhere reaches every customer's chart
// (like the customers list). Deleting, and reading the audit trail, is the owner's (spec §6).
const view = [noStore, requireMembership, requireActionAnywhere('VIEW_MEDICAL_RECORDS')];
const manage = [noStore, requireMembership, requireActionAnywhere('MANAGE_MEDICAL_RECORDS')];
const own = [noStore, requireMembership, requirePermission('DELETE_MEDICAL_RECORDS')];

const writeConflicts = errorResponse(
  'MEDICAL_RECORD_TYPE_NOT_SUPPORTED (legacy type), MEDICAL_RECORD_TYPE_CHANGED, or CUSTOMER_PURGED (deleted or purged customer)',
);

const listAll = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/medical-records',
  tags,
  security: bearerSecurity,
  middleware: view,
  summary: "Every customer's records (no documents), newest first, by customer, type and period (audited)",
  request: { params: OrgIdParam, query: MedicalRecordListQuery },
  responses: { 200: jsonResponse(MedicalRecordSummaryPage, 'A page of records'), ...standardErrors },
});

const list = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customers/{customerId}/medical-records',
  tags,
  security: bearerSecurity,
  middleware: view,
  summary: "The customer's records with their documents, newest first (audited)",
  request: { params: CustomerParams, query: CustomerMedicalRecordListQuery },
  responses: { 200: jsonResponse(MedicalRecordPage, 'A page of records'), ...standardErrors },
});

const create = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/customers/{customerId}/medical-records',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary:
    'Create a record of one of the five current types; its document is checked by the type schema (audited)',
  request: { params: CustomerParams, body: jsonBody(MedicalRecordBody) },
  responses: { 201: jsonResponse(MedicalRecord, 'Created'), ...standardErrors, 409: writeConflicts },
});

const auditTrail = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customers/{customerId}/medical-records/audit',
  tags,
  security: bearerSecurity,
  middleware: own,
  summary: "Who read or changed the customer's records, when and from where; never their content",
  request: { params: CustomerParams, query: MedicalRecordAuditQuery },
  responses: { 200: jsonResponse(MedicalRecordAuditPage, 'A page of the audit trail'), ...standardErrors },
});

const read = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customers/{customerId}/medical-records/{recordId}',
  tags,
  security: bearerSecurity,
  middleware: view,
  summary: 'One record with its document (audited)',
  request: { params: RecordParams },
  responses: { 200: jsonResponse(MedicalRecord, 'The record'), ...standardErrors },
});

const update = createRoute({
  method: 'put',
  path: '/organizations/{orgId}/customers/{customerId}/medical-records/{recordId}',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'Replace the date, title, description and document; the type stays (audited)',
  request: { params: RecordParams, body: jsonBody(MedicalRecordBody) },
  responses: { 200: jsonResponse(MedicalRecord, 'Updated'), ...standardErrors, 409: writeConflicts },
});

const accept = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/customers/{customerId}/medical-records/{recordId}/accept',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: "Accept the customer's draft from the portal's health questionnaire into the chart (audited)",
  request: { params: RecordParams },
  responses: {
    200: jsonResponse(MedicalRecord, 'Accepted'),
    ...standardErrors,
    409: errorResponse('MEDICAL_RECORD_NOT_DRAFT, or CUSTOMER_PURGED'),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/organizations/{orgId}/customers/{customerId}/medical-records/{recordId}',
  tags,
  security: bearerSecurity,
  middleware: own,
  summary: 'Delete a record (owners; audited)',
  request: { params: RecordParams },
  responses: { 204: { description: 'Deleted' }, ...standardErrors },
});

// The audit trail is registered before /{recordId}, which would otherwise take "audit" for an id.
export const medicalRecordsRoutes = createRouter()
  .openapi(listAll, async (c) =>
    c.json(
      await service.listRecords(c.get('deps').db, c.get('access'), c.req.valid('query'), actorOf(c)),
      200,
    ),
  )
  .openapi(list, async (c) => {
    const { customerId } = c.req.valid('param');
    const page = await service.listCustomerRecords(
      c.get('deps').db,
      c.get('access'),
      customerId,
      c.req.valid('query'),
      actorOf(c),
    );
    return c.json(page, 200);
  })
  .openapi(create, async (c) => {
    const { customerId } = c.req.valid('param');
    const record = await service.createRecord(
      c.get('deps').db,
      c.get('access'),
      customerId,
      c.req.valid('json'),
      actorOf(c),
    );
    return c.json(record, 201);
  })
  .openapi(auditTrail, async (c) => {
    const { customerId } = c.req.valid('param');
    return c.json(
      await service.getAuditTrail(c.get('deps').db, c.get('access'), customerId, c.req.valid('query')),
      200,
    );
  })
  .openapi(read, async (c) => {
    const { customerId, recordId } = c.req.valid('param');
    return c.json(
      await service.getRecord(c.get('deps').db, c.get('access'), customerId, recordId, actorOf(c)),
      200,
    );
  })
  .openapi(update, async (c) => {
    const { customerId, recordId } = c.req.valid('param');
    const body = c.req.valid('json');
    const record = await service.updateRecord(
      c.get('deps').db,
      c.get('access'),
      customerId,
      recordId,
      body,
      actorOf(c),
    );
    return c.json(record, 200);
  })
  .openapi(accept, async (c) => {
    const { customerId, recordId } = c.req.valid('param');
    return c.json(
      await service.acceptDraft(c.get('deps').db, c.get('access'), customerId, recordId, actorOf(c)),
      200,
    );
  })
  .openapi(remove, async (c) => {
    const { customerId, recordId } = c.req.valid('param');
    await service.deleteRecord(c.get('deps').db, c.get('access'), customerId, recordId, actorOf(c));
    return c.body(null, 204);
  });
