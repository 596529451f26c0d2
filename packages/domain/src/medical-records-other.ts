import { z } from 'zod';
import { freeText, optionalDate, section, TEXT_LIMITS, yesNo } from './medical-records-fields.ts';
import { V } from './validation.ts';

/** Spec document 2, §2 and §3: the 'Other' record — category, details, findings, actions and a follow-up. */

export const OTHER_CATEGORIES = [
  'CLINICAL_NOTE',
  'PROGRESS_NOTE',
  'INCIDENT',
  'EXAM_RESULT',
  'EXTERNAL_REPORT',
  'REFERRAL_LETTER',
  'COMMUNICATION',
  'OTHER',
] as const;

/** A record with nothing in it says nothing: the category and the details are required. */
export const OtherDocument = section({
  category: z.enum(OTHER_CATEGORIES, {
    error: (issue) => (issue.input === undefined ? V.required : V.option),
  }),
  details: z.string(V.required).trim().min(1, V.required).max(TEXT_LIMITS.notes, V.max),
  relevantFindings: freeText(TEXT_LIMITS.notes),
  actionItems: freeText(TEXT_LIMITS.notes),
  followUpRequired: yesNo(),
  followUpDate: optionalDate(),
}).superRefine((values, ctx) => {
  if (values.followUpRequired && values.followUpDate === null) {
    ctx.addIssue({ code: 'custom', path: ['followUpDate'], message: V.followUpDateRequired });
  }
});
export type OtherDocumentInput = z.input<typeof OtherDocument>;
export type OtherDocument = z.output<typeof OtherDocument>;
