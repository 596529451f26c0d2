import { z } from 'zod';
import { isCalendarDate } from './customers.ts';
import { V } from './validation.ts';

/**
 * The building blocks of the clinical forms' documents. Every field may be left empty (the spec does not say
 * which are mandatory per type), so a half-filled form saves; the stored document always holds every field:
 * `null` for an unanswered single choice, number, text or date, `[]` for a multi-choice.
 */

type Codes = readonly [string, ...string[]];

/** Codes that mean "nothing applies": chosen together with another option they contradict it. */
const EXCLUSIVE_CODES: readonly string[] = ['NONE', 'NOT_APPLICABLE'];

/** Unknown keys are refused (a misspelled field would otherwise be dropped without a word). */
const strict = {
  error: (issue: { code?: string; input?: unknown }) => {
    if (issue.code === 'unrecognized_keys') return V.unknownField;
    return issue.input === undefined ? V.required : V.format;
  },
};

/**
 * A document, or one lettered or numbered section of it. A section is optional in the document
 * (`.prefault({})`): absent, it is stored with every field empty.
 */
export function section<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, strict);
}

/** Several codes of one option set: each kept once, in the set's order; "none" cannot come with others. */
export function multiChoice<const T extends Codes>(options: T) {
  const order = new Map<string, number>(options.map((code, index) => [code, index]));
  return z
    .array(z.enum(options, V.option), V.format)
    .max(options.length * 2, V.format)
    .superRefine((chosen, ctx) => {
      const distinct = new Set(chosen);
      if (distinct.size > 1 && chosen.some((code) => EXCLUSIVE_CODES.includes(code))) {
        ctx.addIssue({ code: 'custom', message: V.exclusiveOption });
      }
    })
    .transform((chosen) => [...new Set(chosen)].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)))
    .default([]);
}

/** One code of an option set, or null. */
export function singleChoice<const T extends Codes>(options: T) {
  return z
    .enum(options, V.option)
    .nullish()
    .transform((value) => value ?? null);
}

export type Bounds = { readonly min: number; readonly max: number; readonly integer?: boolean };

/** A measured number within clinical bounds, or null. */
export function measure(bounds: Bounds) {
  const number = z.number(V.number).min(bounds.min, V.outOfRange).max(bounds.max, V.outOfRange);
  return (bounds.integer ? number.int(V.number) : number).nullish().transform((value) => value ?? null);
}

/** Free text, trimmed; empty is null. */
export function freeText(max: number) {
  return z
    .string(V.format)
    .trim()
    .max(max, V.max)
    .nullish()
    .transform((value) => value || null);
}

export function optionalDate() {
  return z
    .string(V.date)
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isCalendarDate(value), V.date);
}

export function yesNo() {
  return z.boolean(V.format).default(false);
}

/** Free-text limits: a one-line answer, and a section's notes. */
export const TEXT_LIMITS = { short: 200, notes: 4000 } as const;
