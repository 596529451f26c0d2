import { isErrorBody, type ValidationIssue } from '@reformer/domain/errors';

/** A field problem as the API reports it for VALIDATION_FAILED; better-auth's own answers may lack `key`. */
export type ApiFieldIssue = Omit<ValidationIssue, 'key'> & { key?: string };

/** Any non-2xx answer of our API, carrying the stable error code of `@reformer/domain/errors`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly requestId?: string,
  ) {
    super(message);
  }

  /** Field issues of a VALIDATION_FAILED answer (empty for any other error). */
  get fieldIssues(): ApiFieldIssue[] {
    if (this.code !== 'VALIDATION_FAILED' || !Array.isArray(this.details)) return [];
    return this.details.filter(
      (issue): issue is ApiFieldIssue =>
        typeof issue === 'object' && issue !== null && typeof issue.path === 'string',
    );
  }
}

/** The request never got an answer: offline, DNS, server down, CORS. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super('Network error', { cause });
  }
}

export async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) {
    const { code, message, details, requestId } = body.error;
    return new ApiError(response.status, code, message, details, requestId);
  }
  return new ApiError(
    response.status,
    fallbackCode(response.status),
    response.statusText || 'Request failed',
  );
}

function fallbackCode(status: number): string {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'INTERNAL_ERROR';
  return 'UNKNOWN';
}

/** Client errors (4xx) are answers, not accidents: retrying them cannot help. */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
