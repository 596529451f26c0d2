import { z } from 'zod';
import { isCalendarDate } from './customers.ts';
import { ANAMNESIS_SECTIONS, AnamnesisDocument } from './medical-records-anamnesis.ts';
import { freeText } from './medical-records-fields.ts';
import { OtherDocument } from './medical-records-other.ts';
import {
  PERIODIC_EVALUATION_SECTIONS,
  PeriodicEvaluationDocument,
} from './medical-records-periodic-evaluation.ts';
import {
  PHYSICAL_EVALUATION_SECTIONS,
  PhysicalEvaluationDocument,
} from './medical-records-physical-evaluation.ts';
import { TREATMENT_SECTIONS, TreatmentDocument } from './medical-records-treatment.ts';
import { pageQueryFields, pageSearchFields } from './paging.ts';
import { LocalDate } from './time-zones.ts';
import { V } from './validation.ts';

/**
 * A customer's clinical chart (spec document 2, §2–§3; ARCHITECTURE §5). Each record has a type, a date, a
 * title and a JSON document validated by its type's schema; option values are stable codes whose labels are
 * the catalogs' `medicalRecords.options.<CODE>`.
 */

/** The five types staff create; the form's type chooser lists these. */
export const CREATABLE_RECORD_TYPES = [
  'ANAMNESIS',
  'PHYSICAL_EVALUATION',
  'PERIODIC_EVALUATION',
  'TREATMENT',
  'OTHER',
] as const;
/** An older list's types: stored and listed, never created or changed ('not supported for viewing'). */
export const LEGACY_RECORD_TYPES = ['EVALUATION', 'ASSESSMENT', 'PROGRESS'] as const;
export const MEDICAL_RECORD_TYPES = [...CREATABLE_RECORD_TYPES, ...LEGACY_RECORD_TYPES] as const;

export const MedicalRecordType = z.enum(MEDICAL_RECORD_TYPES, V.option);
export type MedicalRecordType = z.infer<typeof MedicalRecordType>;
export type CreatableRecordType = (typeof CREATABLE_RECORD_TYPES)[number];
export type LegacyRecordType = (typeof LEGACY_RECORD_TYPES)[number];

export function isLegacyRecordType(type: MedicalRecordType): type is LegacyRecordType {
  return (LEGACY_RECORD_TYPES as readonly string[]).includes(type);
}

/** Each creatable type's document schema, and its sections in the form's order (for the progress bar). */
export const RECORD_DOCUMENTS = {
  ANAMNESIS: AnamnesisDocument,
  PHYSICAL_EVALUATION: PhysicalEvaluationDocument,
  PERIODIC_EVALUATION: PeriodicEvaluationDocument,
  TREATMENT: TreatmentDocument,
  OTHER: OtherDocument,
} as const;
export const RECORD_SECTIONS: Record<CreatableRecordType, readonly string[]> = {
  ANAMNESIS: ANAMNESIS_SECTIONS,
  PHYSICAL_EVALUATION: PHYSICAL_EVALUATION_SECTIONS,
  PERIODIC_EVALUATION: PERIODIC_EVALUATION_SECTIONS,
  TREATMENT: TREATMENT_SECTIONS,
  OTHER: [],
};

export const RECORD_TITLE_MAX = 200;
export const RECORD_DESCRIPTION_MAX = 2000;

/** Spec §5: customer, date, record type and title are the core fields; the description is optional. */
const recordFields = {
  recordDate: LocalDate,
  title: z.string(V.required).trim().min(1, V.required).max(RECORD_TITLE_MAX, V.max),
  description: freeText(RECORD_DESCRIPTION_MAX),
};

type DatedRecord = { recordDate: string };

/** A date inside the document (a follow-up, a re-evaluation) cannot come before the record's own date. */
function notBeforeRecordDate<R extends DatedRecord>(path: string[], dateOf: (record: R) => string | null) {
  return (record: R, ctx: z.core.$RefinementCtx<R>) => {
    const date = dateOf(record);
    if (date === null || !isCalendarDate(date) || !isCalendarDate(record.recordDate)) return;
    if (date >= record.recordDate) return;
    ctx.addIssue({ code: 'custom', path: ['document', ...path], message: V.dateBeforeRecord });
  };
}

const variants = [
  z.object({ type: z.literal('ANAMNESIS'), ...recordFields, document: AnamnesisDocument }),
  z.object({ type: z.literal('PHYSICAL_EVALUATION'), ...recordFields, document: PhysicalEvaluationDocument }),
  z.object({ type: z.literal('PERIODIC_EVALUATION'), ...recordFields, document: PeriodicEvaluationDocument }),
  z
    .object({ type: z.literal('TREATMENT'), ...recordFields, document: TreatmentDocument })
    .superRefine(
      notBeforeRecordDate(
        ['frequencyAndDuration', 'nextReevaluationDate'],
        (record) => record.document.frequencyAndDuration.nextReevaluationDate,
      ),
    ),
  z
    .object({ type: z.literal('OTHER'), ...recordFields, document: OtherDocument })
    .superRefine(notBeforeRecordDate(['followUpDate'], (record) => record.document.followUpDate)),
] as const;

const typeError = (issue: { input?: unknown }) => {
  const input = issue.input as { type?: unknown } | null | undefined;
  return typeof input === 'object' && input !== null && input.type !== undefined ? V.option : V.required;
};

/** The form's value: one of the five creatable types with its document (the routes take MedicalRecordBody). */
export const MedicalRecordInput = z.discriminatedUnion('type', variants, { error: typeError });
export type MedicalRecordInput = z.input<typeof MedicalRecordInput>;
export type MedicalRecordValues = z.output<typeof MedicalRecordInput>;

/**
 * What the routes accept: a legacy type is recognised so that writing one answers
 * MEDICAL_RECORD_TYPE_NOT_SUPPORTED (409) rather than a validation error.
 */
export const MedicalRecordBody = z.discriminatedUnion(
  'type',
  [...variants, z.object({ type: z.enum(LEGACY_RECORD_TYPES) })],
  { error: typeError },
);
export type MedicalRecordBody = z.output<typeof MedicalRecordBody>;

const recordColumns = {
  id: z.string(),
  customerId: z.string(),
  customerName: z.string().nullable(),
  recordDate: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** Customers belong to no establishment, so neither do their records; kept for a future per-site chart. */
  establishmentId: z.null(),
  createdById: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Written by staff, or sent by the customer from the portal's health questionnaire (decision 044). */
  origin: z.enum(['STAFF', 'PORTAL']),
  /** A questionnaire from the portal that no member who may edit records has accepted yet. */
  isDraft: z.boolean(),
};

/** A list entry of the organization-wide page: no document. */
export const MedicalRecordSummary = z.object({ ...recordColumns, type: MedicalRecordType });
export type MedicalRecordSummary = z.infer<typeof MedicalRecordSummary>;

/** A record with its document, typed by its type; a legacy record's document is whatever was stored. */
export const MedicalRecord = z.discriminatedUnion('type', [
  z.object({ ...recordColumns, type: z.literal('ANAMNESIS'), document: AnamnesisDocument }),
  z.object({
    ...recordColumns,
    type: z.literal('PHYSICAL_EVALUATION'),
    document: PhysicalEvaluationDocument,
  }),
  z.object({
    ...recordColumns,
    type: z.literal('PERIODIC_EVALUATION'),
    document: PeriodicEvaluationDocument,
  }),
  z.object({ ...recordColumns, type: z.literal('TREATMENT'), document: TreatmentDocument }),
  z.object({ ...recordColumns, type: z.literal('OTHER'), document: OtherDocument }),
  z.object({ ...recordColumns, type: z.enum(LEGACY_RECORD_TYPES), document: z.unknown() }),
]);
export type MedicalRecord = z.output<typeof MedicalRecord>;

const uuid = z.uuid(V.required).transform((id) => id.toLowerCase());

const listFields = {
  ...pageQueryFields,
  type: MedicalRecordType.optional(),
  from: LocalDate.optional(),
  to: LocalDate.optional(),
};

function refineDateRange(
  query: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (!query.from || !query.to || !isCalendarDate(query.from) || !isCalendarDate(query.to)) return;
  if (query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: V.dateRangeOrder });
}

/** GET …/customers/{customerId}/medical-records: newest record date first; both ends of the period included. */
export const CustomerMedicalRecordListQuery = z.object(listFields).superRefine(refineDateRange);
export type CustomerMedicalRecordListQuery = z.infer<typeof CustomerMedicalRecordListQuery>;

/** GET /organizations/{orgId}/medical-records: the organization-wide page. */
export const MedicalRecordListQuery = z
  .object({ ...listFields, customerId: uuid.optional() })
  .superRefine(refineDateRange);
export type MedicalRecordListQuery = z.infer<typeof MedicalRecordListQuery>;

/** The organization-wide page's URL: a hand-edited bad value falls back instead of failing. */
export const MedicalRecordsSearchParams = z.object({
  ...pageSearchFields,
  type: MedicalRecordType.optional().catch(undefined),
  from: LocalDate.optional().catch(undefined),
  to: LocalDate.optional().catch(undefined),
  customerId: uuid.optional().catch(undefined),
});
export type MedicalRecordsSearchParams = z.infer<typeof MedicalRecordsSearchParams>;

const page = { total: z.number().int(), page: z.number().int(), limit: z.number().int() };
export const MedicalRecordPage = z.object({ items: z.array(MedicalRecord), ...page });
export type MedicalRecordPage = z.infer<typeof MedicalRecordPage>;
export const MedicalRecordSummaryPage = z.object({ items: z.array(MedicalRecordSummary), ...page });
export type MedicalRecordSummaryPage = z.infer<typeof MedicalRecordSummaryPage>;

/** What the audit trail says happened to a customer's records; never what they hold. */
export const MEDICAL_RECORD_AUDIT_ACTIONS = [
  'LISTED',
  'VIEWED',
  'CREATED',
  'UPDATED',
  'DELETED',
  'PURGED',
  /** The customer sent it from the portal (no member acted). */
  'SUBMITTED',
  /** A member accepted the customer's draft into the chart. */
  'ACCEPTED',
] as const;
export type MedicalRecordAuditAction = (typeof MEDICAL_RECORD_AUDIT_ACTIONS)[number];

export const MedicalRecordAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(MEDICAL_RECORD_AUDIT_ACTIONS),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** The records read or changed (a list read names every record it returned). */
  recordIds: z.array(z.string()),
});
export type MedicalRecordAuditEntry = z.infer<typeof MedicalRecordAuditEntry>;

export const MedicalRecordAuditQuery = z.object(pageQueryFields);
export type MedicalRecordAuditQuery = z.infer<typeof MedicalRecordAuditQuery>;
export const MedicalRecordAuditPage = z.object({ items: z.array(MedicalRecordAuditEntry), ...page });
export type MedicalRecordAuditPage = z.infer<typeof MedicalRecordAuditPage>;
