import type { Hook } from '@hono/zod-openapi';
import {
  AppError,
  type ErrorBody,
  type ErrorCode,
  messageParams,
  type ValidationIssue,
} from '@reformer/domain/errors';
import { translate } from '@reformer/domain/i18n';
import enUS from '@reformer/domain/i18n/en_US.json' with { type: 'json' };
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { Logger } from '../observability/logger.ts';
import { routeTemplate } from '../observability/route-template.ts';
import { isDatabaseUnavailable } from './database-errors.ts';
import type { AppEnv } from './http.ts';

export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: ErrorCode,
  message?: string,
  details?: unknown,
) {
  const params = messageParams(details);
  const requestId: string | undefined = c.get('requestId');
  const body: ErrorBody = {
    error: {
      code,
      message: message ?? translate(enUS, `errors.${code}`, params),
      ...(details ? { details } : {}),
      // What a studio reads out on a support call, to find the request's log line.
      ...(requestId ? { requestId } : {}),
    },
  };
  return c.json(body, status);
}

/** Turns zod issues into field errors carrying the catalog key (for the web) and English text (for people). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.map((issue) => {
    const isMissing = issue.code === 'invalid_type' && issue.input === undefined;
    const key = isMissing
      ? 'validation.required'
      : issue.message.startsWith('validation.')
        ? issue.message
        : '';
    const min = 'minimum' in issue ? Number(issue.minimum) : undefined;
    const max = 'maximum' in issue ? Number(issue.maximum) : undefined;
    const usesBounds = key === 'validation.min' || key === 'validation.max';
    const params = usesBounds ? { min, max } : undefined;
    return {
      path: issue.path.join('.'),
      key: key || 'validation.format',
      message: key ? translate(enUS, key, params) : issue.message,
      // The web translates the key itself and needs the bounds for "Must be at least {{min}} characters".
      ...(params ? { params } : {}),
    };
  });
}

export function validationError(c: Context, issues: readonly z.core.$ZodIssue[]) {
  return errorResponse(c, 400, 'VALIDATION_FAILED', undefined, describeIssues(issues));
}

export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (!result.success) return validationError(c, result.error.issues);
};

export const handleError: ErrorHandler = (error, c) => {
  if (error instanceof AppError) {
    const message = error.message === error.code ? undefined : error.message;
    return errorResponse(c, error.status as ContentfulStatusCode, error.code, message, error.details);
  }
  if (error instanceof HTTPException) {
    if (error.status === 413) return errorResponse(c, 413, 'PAYLOAD_TOO_LARGE');
    // The OpenAPI layer's answer to a JSON route receiving text, a form or no Content-Type.
    if (error.status === 415) return errorResponse(c, 415, 'UNSUPPORTED_MEDIA_TYPE');
    if (error.status === 400) return errorResponse(c, 400, 'VALIDATION_FAILED', error.message);
    if (error.status === 401) return errorResponse(c, 401, 'UNAUTHENTICATED');
  }
  if (isDatabaseUnavailable(error)) {
    // The request's own line (observability/request-observer.ts) records the 503; the stack would add nothing.
    c.header('Retry-After', '5');
    return errorResponse(c, 503, 'DATABASE_UNAVAILABLE');
  }
  const database = databaseErrorOf(error);
  // Class 22 is PostgreSQL's "data exception" (a NUL byte in text, an impossible date, a malformed
  // value): bad input that slipped past validation, not a server fault.
  if (database?.code.startsWith('22')) return errorResponse(c, 400, 'VALIDATION_FAILED');
  // Once, with the stack, under the request id the answer carries; the path is the route's template.
  // Set first on every request by observability/request-observer.ts.
  const logger: Logger = c.get('logger');
  logger.error(
    {
      requestId: c.get('requestId'),
      method: c.req.method,
      route: routeTemplate(c),
      error: describeForLog(error, database),
    },
    'unexpected error',
  );
  return errorResponse(c, 500, 'INTERNAL_ERROR');
};

type DatabaseError = { code: string; constraint?: string; message?: string };

export function databaseErrorOf(error: unknown): DatabaseError | undefined {
  const candidate = (error as { cause?: unknown }).cause ?? error;
  const code = (candidate as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? (candidate as DatabaseError) : undefined;
}

/**
 * Logs never carry personal data: query parameters (names, CPF, e-mail) and PostgreSQL's `detail` (the
 * conflicting values) are left out, and invitation tokens are cut from paths.
 */
export function describeForLog(error: unknown, database: DatabaseError | undefined): string {
  if (database)
    return `database error ${database.code}${database.constraint ? ` on ${database.constraint}` : ''}: ${database.message ?? ''}`;
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return stack.replace(/params: .*$/gm, 'params: [redacted]');
}

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+/g;

/**
 * For log lines written by libraries (better-auth): their text with e-mail addresses cut out, and of
 * their extra arguments only what describeForLog keeps of an error; other objects (a user, a request
 * body) are not written at all.
 */
export function logLineWithoutPersonalData(message: string, args: readonly unknown[]): string {
  const errors = args
    .filter((arg) => arg instanceof Error || databaseErrorOf(arg))
    .map((error) => describeForLog(error, databaseErrorOf(error)));
  const dropped = args.length - errors.length;
  return [message, ...errors, ...(dropped ? [`(${dropped} value(s) not logged)`] : [])]
    .join(' ')
    .replace(EMAIL, '[email]');
}

export const handleNotFound: NotFoundHandler = (c) => errorResponse(c, 404, 'NOT_FOUND');
