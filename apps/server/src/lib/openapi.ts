import { z } from '@hono/zod-openapi';
import { ERROR_CODES } from '@reformer/domain/errors';

const ErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES]),
      message: z.string(),
      details: z.unknown().optional(),
      requestId: z.string().optional(),
    }),
  })
  .openapi('Error');

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
});

/** The error answers every authenticated route can give, so each route lists only its success. */
export const standardErrors = {
  400: errorResponse('Invalid input; `details` lists the fields'),
  401: errorResponse('Missing or expired bearer token'),
  403: errorResponse('The member lacks the permission'),
  404: errorResponse('Not found, or not visible to this user'),
} as const;

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { content: { 'application/json': { schema } }, required: true };
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

export const OrgIdParam = z.object({
  orgId: z
    .string()
    .openapi({ param: { name: 'orgId', in: 'path' }, example: '0192f0c1-7a4e-7c3b-9b1e-1f2a3b4c5d6e' }),
});

export const bearerSecurity = [{ bearerAuth: [] }];

export { errorResponse };
