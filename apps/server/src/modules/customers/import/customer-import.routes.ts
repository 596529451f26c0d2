import { createRoute, z } from '@hono/zod-openapi';
import {
  IMPORT_MAX_FILE_MB,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_WORKBOOK_MB,
  ImportFileSummary,
  ImportPreview,
  ImportResult,
  ImportRowsFields,
} from '@reformer/domain/customer-import';
import { requireMembership, requirePermission } from '../../../auth/access.ts';
import { actorOf } from '../../../lib/audit.ts';
import { createRouter } from '../../../lib/http.ts';
import {
  bearerSecurity,
  errorResponse,
  jsonResponse,
  OrgIdParam,
  standardErrors,
} from '../../../lib/openapi.ts';
import * as service from './customer-import.service.ts';
import { receiveUploadFirst } from './upload-limit.ts';

const tags = ['Customer import'];
// The upload is received before the organization's transaction opens (upload-limit.ts).
const middleware = [receiveUploadFirst, requireMembership, requirePermission('IMPORT_CUSTOMERS')];

/** The spreadsheet itself, sent with each call: the server keeps nothing between them (decision 017). */
const FileForm = z.object({
  file: z
    .instanceof(File)
    .openapi({ type: 'string', format: 'binary', description: '.csv or .xlsx, ≤ 10 MB' }),
});
const RowsForm = FileForm.extend(ImportRowsFields.shape);
const multipart = <T extends z.ZodType>(schema: T) => ({
  content: { 'multipart/form-data': { schema } },
  required: true,
});
const tooLarge = {
  413: errorResponse(
    `IMPORT_FILE_TOO_LARGE (over ${IMPORT_MAX_FILE_MB} MB), IMPORT_TOO_MANY_ROWS (over ${IMPORT_MAX_ROWS} ` +
      `data rows) or IMPORT_WORKBOOK_TOO_LARGE (an .xlsx over ${IMPORT_MAX_WORKBOOK_MB} MB unpacked); ` +
      'nothing is checked or written',
  ),
};

const analyze = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/customers/import/analyze',
  tags,
  security: bearerSecurity,
  middleware,
  summary: 'Reads the file: headers, sample values per column, row count and the suggested mapping',
  request: { params: OrgIdParam, body: multipart(FileForm) },
  responses: { 200: jsonResponse(ImportFileSummary, 'What the file holds'), ...standardErrors, ...tooLarge },
});

const validate = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/customers/import/validate',
  tags,
  security: bearerSecurity,
  middleware,
  summary: 'Checks every row with the mapping (and duplicates by CPF or email); writes nothing',
  request: { params: OrgIdParam, body: multipart(RowsForm) },
  responses: {
    200: jsonResponse(ImportPreview, 'Counts and rows with issues'),
    ...standardErrors,
    ...tooLarge,
  },
});

const run = createRoute({
  method: 'post',
  path: '/organizations/{orgId}/customers/import',
  tags,
  security: bearerSecurity,
  middleware,
  summary:
    'Imports the valid rows in one transaction, all or none; duplicates skipped; invalid rows skipped with ' +
    '`skipInvalid`, else IMPORT_ROWS_INVALID and nothing written',
  request: { params: OrgIdParam, body: multipart(RowsForm) },
  responses: {
    200: jsonResponse(ImportResult, 'What was imported, and what was not'),
    ...standardErrors,
    409: errorResponse('CUSTOMER_CPF_TAKEN or CUSTOMER_EMAIL_TAKEN by a customer saved meanwhile'),
    ...tooLarge,
  },
});

// The answers carry cells of the file (names, CPFs, e-mails): never kept by a cache.
const noStore = { 'Cache-Control': 'no-store' };

export const customerImportRoutes = createRouter()
  .openapi(analyze, async (c) =>
    c.json(await service.analyzeImportFile(c.req.valid('form').file), 200, noStore),
  )
  .openapi(validate, async (c) => {
    const { file, ...options } = c.req.valid('form');
    return c.json(
      await service.validateImport(c.get('deps').db, c.get('access'), file, options),
      200,
      noStore,
    );
  })
  .openapi(run, async (c) => {
    const { file, ...options } = c.req.valid('form');
    const actor = actorOf(c);
    return c.json(
      await service.importCustomers(c.get('deps').db, c.get('access'), file, options, actor),
      200,
      noStore,
    );
  });
