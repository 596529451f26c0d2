import { createRoute, z } from '@hono/zod-openapi';
import { CUSTOMER_DATA_EXPORT_ACTIONS, CustomerDataExport } from '@reformer/domain/customer-data-export';
import { Customer, CustomerInput, CustomerPage, ListCustomersQuery } from '@reformer/domain/customers';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@reformer/domain/preferences';
import {
  requireActionAnywhere,
  requireActionAnywhereAlongsideRead,
  requireMembership,
  requirePermission,
} from '../../auth/access.ts';
import { backupSettings } from '../../backups/backup-runs.ts';
import { appendToPurgeLedger, purgeLedgerPath } from '../../backups/purge-ledger.ts';
import { actorOf } from '../../lib/audit.ts';
import { csvResponse } from '../../lib/csv-export.ts';
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
import { exportCustomerData } from './customer-data-export.ts';
import * as service from './customers.service.ts';
import { exportCustomersCsv } from './customers-export.ts';

const tags = ['Customers'];
const CustomerParams = OrgIdParam.extend({ customerId: z.string() });
const view = [requireMembership, requireActionAnywhere('VIEW_CUSTOMERS')];
const manage = [requireMembership, requireActionAnywhere('MANAGE_CUSTOMERS')];
const conflicts = errorResponse('CUSTOMER_CPF_TAKEN or CUSTOMER_EMAIL_TAKEN in this organization');

const list = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customers',
  tags,
  security: bearerSecurity,
  middleware: [requireActionAnywhereAlongsideRead('VIEW_CUSTOMERS')],
  summary:
    'Paged list; `search` matches first or last name, email, phone or id number, ignoring accents and case',
  request: { params: OrgIdParam, query: ListCustomersQuery },
  responses: { 200: jsonResponse(CustomerPage, 'A page of customers'), ...standardErrors },
});

const exportCsv = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customers/export',
  tags,
  security: bearerSecurity,
  // Every customer's personal data: no browser or proxy keeps the file (issue #27).
  middleware: [noStore, requireMembership, requirePermission('EXPORT_CUSTOMERS')],
  request: {
    params: OrgIdParam,
    query: z.object({
      search: z.string().max(200).optional(),
      // Headers, values, dates and the separator follow the user's language.
      language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
    }),
  },
  responses: {
    200: { description: 'CSV file', content: { 'text/csv': { schema: z.string() } } },
    ...standardErrors,
  },
});

const read = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customers/{customerId}',
  tags,
  security: bearerSecurity,
  middleware: view,
  request: { params: CustomerParams },
  responses: { 200: jsonResponse(Customer, 'The customer'), ...standardErrors },
});

const create = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/customers',
  tags,
  security: bearerSecurity,
  middleware: manage,
  request: { params: OrgIdParam, body: jsonBody(CustomerInput) },
  responses: { 201: jsonResponse(Customer, 'Created'), ...standardErrors, 409: conflicts },
});

const update = createRoute({
  method: 'put',
  path: '/organizations/{orgId}/customers/{customerId}',
  tags,
  security: bearerSecurity,
  middleware: manage,
  request: { params: CustomerParams, body: jsonBody(CustomerInput) },
  responses: { 200: jsonResponse(Customer, 'Updated'), ...standardErrors, 409: conflicts },
});

const remove = createRoute({
  method: 'delete',
  path: '/organizations/{orgId}/customers/{customerId}',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'Marks the customer DELETED: gone from lists, history kept',
  request: { params: CustomerParams },
  responses: { 204: { description: 'Deleted' }, ...standardErrors },
});

const dataExport = createRoute({
  method: 'get',
  path: '/organizations/{orgId}/customers/{customerId}/data-export',
  tags,
  security: bearerSecurity,
  // Every action at organization scope: the export shows every part of the record (decision 021).
  middleware: [
    noStore,
    requireMembership,
    ...CUSTOMER_DATA_EXPORT_ACTIONS.map((action) => requirePermission(action)),
  ],
  summary:
    "The customer's whole record as a JSON download for a data-subject request (LGPD Art. 18); audited; CUSTOMER_PURGED (409) once purged",
  request: { params: CustomerParams },
  responses: {
    200: jsonResponse(CustomerDataExport, 'The whole record, as an attachment'),
    ...standardErrors,
    409: errorResponse('CUSTOMER_PURGED: nothing that names the customer is left'),
  },
});

const purge = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/customers/{customerId}/purge',
  tags,
  security: bearerSecurity,
  middleware: manage,
  summary: 'Erases personal data for a data-subject request (LGPD); status PURGED; audited',
  request: { params: CustomerParams },
  responses: { 204: { description: 'Purged' }, ...standardErrors },
});

export const customersRoutes = createRouter()
  .openapi(list, async (c) => {
    const { orgId } = c.req.valid('param');
    return c.json(await service.listCustomers(c.get('deps').db, orgId, c.req.valid('query')), 200);
  })
  .openapi(exportCsv, async (c) => {
    const actor = actorOf(c);
    const csv = await exportCustomersCsv(
      c.get('deps').db,
      c.get('access'),
      { search: c.req.valid('query').search ?? '', language: c.req.valid('query').language },
      actor,
    );
    return csvResponse(c, csv, 'customers.csv');
  })
  .openapi(read, async (c) =>
    c.json(
      await service.getCustomer(c.get('deps').db, c.get('access'), c.req.valid('param').customerId),
      200,
    ),
  )
  .openapi(create, async (c) =>
    c.json(await service.createCustomer(c.get('deps').db, c.get('access'), c.req.valid('json')), 201),
  )
  .openapi(update, async (c) => {
    const { db, now } = c.get('deps');
    const { customerId } = c.req.valid('param');
    return c.json(
      await service.updateCustomer(db, c.get('access'), customerId, c.req.valid('json'), now()),
      200,
    );
  })
  .openapi(remove, async (c) => {
    const actor = actorOf(c);
    await service.deleteCustomer(c.get('deps').db, c.get('access'), c.req.valid('param').customerId, actor);
    return c.body(null, 204);
  })
  .openapi(dataExport, async (c) => {
    const { customerId } = c.req.valid('param');
    const data = await exportCustomerData(c.get('deps').db, c.get('access'), customerId, actorOf(c));
    c.header('Content-Disposition', `attachment; filename="customer-${customerId}.json"`);
    return c.json(data, 200);
  })
  .openapi(purge, async (c) => {
    const actor = actorOf(c);
    const ledger = purgeLedgerPath(backupSettings(c.get('deps').env).folder);
    await service.purgeCustomer(
      c.get('deps').db,
      c.get('access'),
      c.req.valid('param').customerId,
      actor,
      (entry) => appendToPurgeLedger(ledger, entry),
    );
    return c.body(null, 204);
  });
