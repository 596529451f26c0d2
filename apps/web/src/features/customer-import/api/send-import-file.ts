import { isErrorBody } from '@reformer/domain/errors';
import { env } from '@/env.ts';
import { ApiError, NetworkError } from '@/lib/api-error.ts';
import { getToken } from '@/lib/auth-token.ts';

export type ImportStep = 'analyze' | 'validate' | 'import';
export type ImportFields = { mapping?: readonly (string | null)[]; skipInvalid?: boolean };
/** Upload progress, 0–100. */
export type OnProgress = (percent: number) => void;

function importPath(organizationId: string, step: ImportStep): string {
  const base = `/organizations/${encodeURIComponent(organizationId)}/customers/import`;
  return step === 'import' ? base : `${base}/${step}`;
}

function formOf(file: File, fields: ImportFields): FormData {
  const form = new FormData();
  form.append('file', file);
  if (fields.mapping) form.append('mapping', JSON.stringify(fields.mapping));
  if (fields.skipInvalid !== undefined) form.append('skipInvalid', String(fields.skipInvalid));
  return form;
}

function errorOf(status: number, text: string): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not our error shape: a proxy's page.
  }
  if (isErrorBody(body)) {
    const { code, message, details, requestId } = body.error;
    return new ApiError(status, code, message, details, requestId);
  }
  return new ApiError(status, status === 413 ? 'IMPORT_FILE_TOO_LARGE' : 'UNKNOWN', text || 'Request failed');
}

function post<T>(path: string, form: FormData, token: string, onProgress?: OnProgress) {
  return new Promise<{ status: number; result?: T; error?: ApiError }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${env.apiBaseUrl}${path}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        resolve({ status: request.status, error: errorOf(request.status, request.responseText) });
        return;
      }
      // A success that is not JSON (a proxy's page, a cut answer) must fail the step, not leave it spinning.
      try {
        resolve({ status: request.status, result: JSON.parse(request.responseText) as T });
      } catch {
        reject(new ApiError(request.status, 'UNKNOWN', 'The answer could not be read'));
      }
    };
    request.onerror = () => reject(new NetworkError(new Error('upload failed')));
    request.send(form);
  });
}

/**
 * The spreadsheet goes with each call of the wizard (the server keeps nothing between them), through
 * XMLHttpRequest for its upload progress, which fetch does not report. No Idempotency-Key: analyze and
 * validate write nothing, and the import's button is disabled while it runs. A 401 gets one retry with a
 * fresh token, as every API call does.
 */
export async function sendImportFile<T>(
  organizationId: string,
  step: ImportStep,
  file: File,
  fields: ImportFields = {},
  onProgress?: OnProgress,
): Promise<T> {
  const path = importPath(organizationId, step);
  const token = await getToken();
  if (!token) throw new ApiError(401, 'UNAUTHENTICATED', 'No token available');
  let answer = await post<T>(path, formOf(file, fields), token, onProgress);
  if (answer.status === 401) {
    const fresh = await getToken({ forceRefresh: true });
    if (!fresh) throw answer.error;
    answer = await post<T>(path, formOf(file, fields), fresh, onProgress);
  }
  if (answer.error) throw answer.error;
  return answer.result as T;
}
