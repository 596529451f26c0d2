import { toNestErrors } from '@hookform/resolvers';
import { DEFAULT_LANGUAGE } from '@reformer/domain/preferences';
import type { FieldError, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { i18n } from '@/i18n/index.ts';
import { ApiError } from './api-error.ts';
import { isTranslationKey } from './i18n-keys.ts';

/**
 * Field errors keep the domain's `validation.*` key as their message and carry the interpolation values
 * (`min`, `max`) in `types`, so they are translated when shown and follow a language switch.
 */
type Params = Record<string, string>;

function paramsOf(issue: z.core.$ZodIssue): Params {
  const params: Params = {};
  if ('minimum' in issue) params.min = String(issue.minimum);
  if ('maximum' in issue) params.max = String(issue.maximum);
  return params;
}

function keyOf(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith('validation.')) return issue.message;
  return issue.code === 'invalid_type' && issue.input === undefined
    ? 'validation.required'
    : 'validation.format';
}

/** react-hook-form resolver for the domain's zod schemas. */
export function domainResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= { type: issue.code, message: keyOf(issue), types: paramsOf(issue) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** The text of a field error, translated now (so it follows the current language). */
export function fieldErrorText(error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  if (!isTranslationKey(error.message)) return error.message;
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(error.types ?? {})) params[name] = value;
  return i18n.t(error.message, params);
}

/**
 * Puts the server's VALIDATION_FAILED field issues next to the fields. A key that needs a value the
 * server did not send (e.g. `{{min}}`) falls back to the server's own message. Returns whether any matched.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const issue of error.fieldIssues) {
    const field = fields.find((name) => name === issue.path);
    if (!field) continue;
    const params: Params = {};
    for (const [name, value] of Object.entries(issue.params ?? {})) params[name] = String(value);
    const template: unknown = issue.key ? i18n.getResource(DEFAULT_LANGUAGE, 'translation', issue.key) : null;
    const needsParams = typeof template === 'string' && template.includes('{{');
    const usable = typeof template === 'string' && (!needsParams || Object.keys(params).length > 0);
    setError(field, { type: 'server', message: usable ? issue.key : issue.message, types: params });
    applied = true;
  }
  return applied;
}
