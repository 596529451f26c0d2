import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_FILE_MB } from '@reformer/domain/customer-import';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { errorResponse } from '../../../lib/errors.ts';
import type { AppEnv } from '../../../lib/http.ts';

/** The import's three calls carry the spreadsheet itself; every other body of the API stays under 1 MB. */
export function isImportUpload(path: string): boolean {
  return /\/organizations\/[^/]+\/customers\/import(\/analyze|\/validate)?$/.test(path);
}

/** The file may reach the spec's 10 MB (document 2 §9); the form's boundaries and mapping come on top. */
export const importUploadLimit = bodyLimit({
  maxSize: IMPORT_MAX_FILE_BYTES + 256 * 1024,
  onError: (c) => errorResponse(c, 413, 'IMPORT_FILE_TOO_LARGE', undefined, { maxSize: IMPORT_MAX_FILE_MB }),
});

/**
 * First of the import routes' middleware: the whole upload has arrived before `requireMembership` opens the
 * organization's transaction. @hono/zod-openapi runs route middleware before its validators, so the form
 * would otherwise be read inside it, holding a tenant-pool connection idle for as long as a 10 MB upload
 * takes on a studio's connection; a few slow uploads would starve every other request of the organization.
 * Read through Hono's body cache (`arrayBuffer`), which the form validator reuses. The size limit has
 * already answered 413 when Content-Length says too much (app.ts).
 */
export const receiveUploadFirst = createMiddleware<AppEnv>(async (c, next) => {
  try {
    await c.req.arrayBuffer();
  } catch {
    // The client went away mid-upload: a bad request, not a fault of ours.
    throw new HTTPException(400, { message: 'The upload did not arrive whole' });
  }
  await next();
});
