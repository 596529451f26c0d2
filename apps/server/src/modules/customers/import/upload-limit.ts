import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_FILE_MB } from '@reformer/domain/customer-import';
import { bodyLimit } from 'hono/body-limit';
import { errorResponse } from '../../../lib/errors.ts';

/** The import's three calls carry the spreadsheet itself; every other body of the API stays under 1 MB. */
export function isImportUpload(path: string): boolean {
  return /\/organizations\/[^/]+\/customers\/import(\/analyze|\/validate)?$/.test(path);
}

/** The file may reach the spec's 10 MB (document 2 §9); the form's boundaries and mapping come on top. */
export const importUploadLimit = bodyLimit({
  maxSize: IMPORT_MAX_FILE_BYTES + 256 * 1024,
  onError: (c) => errorResponse(c, 413, 'IMPORT_FILE_TOO_LARGE', undefined, { maxSize: IMPORT_MAX_FILE_MB }),
});
